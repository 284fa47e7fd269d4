-- expect: error "addChild" at 7
-- A child given a second parent.
local dyn = require "dynamics"
local a = dyn.animator{}
local p1, p2, child = dyn.behavior{}, dyn.behavior{}, dyn.gravity{ items = { dyn.item{ size = {1, 1} } } }
p1:addChild(child)
p2:addChild(child)
a:addBehavior(p1); a:addBehavior(p2)
return a
