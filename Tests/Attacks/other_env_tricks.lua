-- expect: error "instruction budget exceeded"
-- _ENV replaced inside an action by a table whose lookups loop; the action is called by the host.
local dyn = require "dynamics"
local a = dyn.animator{}; a:addBehavior(dyn.gravity{ items = { dyn.item{ size = {1, 1} } } }) -- keeps the animator running
local box = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.behavior{ items = {box}, action = function()
  local _ENV = setmetatable({}, { __index = function() while true do end end })
  return anything
end })
return a
