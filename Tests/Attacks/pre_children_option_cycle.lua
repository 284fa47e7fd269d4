-- expect: error "children"
-- A cycle built through the `children` option and then addChild.
local dyn = require "dynamics"
local a = dyn.animator{}
local inner = dyn.behavior{}
local outer = dyn.behavior{ children = { inner, inner } }
inner:addChild(outer)
a:addBehavior(outer)
return a
