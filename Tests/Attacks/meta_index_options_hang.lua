-- expect: ok or error "instruction budget exceeded"
-- An __index on a constructor's option table loops: the host must read options raw, or
-- read them under the budget, never hang.
local dyn = require "dynamics"
local a = dyn.animator{}
local trap = { __index = function() while true do end end }
local box = dyn.item(setmetatable({ center = {0, 0}, size = {10, 10} }, trap))
a:addBehavior(dyn.gravity(setmetatable({ items = {box} }, trap)))
return a
