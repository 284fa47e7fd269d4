-- expect: error "another animator" at 9
-- An error raised by the model (not the bindings) inside an action: file:line of the call.
local dyn = require "dynamics"
local a1, a2 = dyn.animator{}, dyn.animator{}
local box = dyn.item{ size = {1, 1} }
local g = dyn.gravity{ items = {box} }
a1:addBehavior(g)
a1:addBehavior(dyn.behavior{ action = function()
  a2:addBehavior(g)
end })
return a1
