-- expect: error "item.center" | "instruction budget exceeded"
-- A setter given a vector with a looping __index, inside an action (a host call inside a host call).
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.gravity{ items = {box} })
a:addBehavior(dyn.behavior{ action = function()
  box.center = setmetatable({}, { __index = function() while true do end end })
end })
a:run{ seconds = 0.1 }
return a
