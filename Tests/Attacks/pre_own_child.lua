-- expect: error "addChild" at 5
-- A behavior added as its own child.
local dyn = require "dynamics"
local b = dyn.behavior{}
b:addChild(b)
return dyn.animator{}
