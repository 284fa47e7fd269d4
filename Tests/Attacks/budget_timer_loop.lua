-- expect: error "instruction budget exceeded"
-- A timer callback (animator:after, docs/lua-api.md) loops behind pcall.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.gravity{ items = {box} })
a:after(0.1, function() while true do pcall(function() while true do end end) end end)
return a
