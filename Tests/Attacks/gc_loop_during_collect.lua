-- expect: error "instruction budget exceeded" | "__gc"
-- Dropped objects with looping finalizers, collected during the run (the GC runs finalizers
-- with hooks off).
local dyn = require "dynamics"
local a = dyn.animator{}; a:addBehavior(dyn.gravity{ items = { dyn.item{ size = {1, 1} } } }) -- keeps the animator running
local box = dyn.item{ size = {1, 1} }
a:addBehavior(dyn.behavior{ items = {box}, action = function()
  for i = 1, 10 do setmetatable({}, { __gc = function() while true do end end }) end
  collectgarbage()
end })
return a
