-- expect: error "another animator" at 7
-- One behavior added to two animators: the model's error must carry file:line.
local dyn = require "dynamics"
local a1, a2 = dyn.animator{}, dyn.animator{}
local g = dyn.gravity{ items = { dyn.item{ size = {1, 1} } } }
a1:addBehavior(g)
a2:addBehavior(g)
return a1
