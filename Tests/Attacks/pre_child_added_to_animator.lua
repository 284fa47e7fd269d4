-- expect: error "addBehavior" at 7
-- A child behavior also added to the animator at the top level.
local dyn = require "dynamics"
local a = dyn.animator{}
local parent, child = dyn.behavior{}, dyn.gravity{ items = { dyn.item{ size = {1, 1} } } }
parent:addChild(child); a:addBehavior(parent)
a:addBehavior(child)
a:step()
return a
