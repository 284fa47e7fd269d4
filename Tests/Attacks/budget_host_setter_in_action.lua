-- expect: error "instruction budget exceeded"
-- An action (called from the host) that loops on setters and pcall.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.gravity{ items = {box} })
a:addBehavior(dyn.behavior{ action = function()
  while true do pcall(function() box.center = {1, 2}; local c = box.center end) end
end })
return a
