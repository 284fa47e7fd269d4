-- expect: error "instruction budget exceeded"
-- A custom field's evaluate loops, swallowing the budget error with pcall.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.field.custom{ items = {box}, evaluate = function()
  while true do pcall(function() while true do end end) end
end })
return a
