-- expect: ok or error "__gc"
-- Finalizers that raise non-string errors and resurrect themselves.
local dyn = require "dynamics"
local a = dyn.animator{}
dyn.gravity{ items = { dyn.item{ size = {1, 1} } } }
Saved = {}
for i = 1, 100 do
  setmetatable({}, { __gc = function(o) Saved[#Saved + 1] = o; error(setmetatable({}, { __tostring = function() while true do end end })) end })
end
collectgarbage()
collectgarbage()
return a
