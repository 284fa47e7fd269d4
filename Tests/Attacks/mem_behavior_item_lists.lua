-- expect: error "dynamics.gravity: not enough memory" at 12
-- args: --seconds 2 --lua-budget 100000000000
-- A behavior's item list is host memory that grows with the list: a timer making twenty
-- gravity behaviors over the same 16 000 items each frame grew the process by 1.3 GB under a
-- 64 MB cap (a behavior was charged a flat 512 B). Each list entry is now charged 48 B, at
-- construction and by addItem/removeItem.
local dyn = require "dynamics"
local a = dyn.animator{}
local items = {}
for i = 1, 16000 do items[i] = dyn.item{ size = {1, 1} } end
local keep = {}
a:every(0.001, function() for k = 1, 20 do keep[#keep + 1] = dyn.gravity{ items = items } end end)
return a
