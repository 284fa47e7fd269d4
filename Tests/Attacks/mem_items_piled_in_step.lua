-- expect: error "pairs of shapes the contact allowance grants" at 11
-- args: --seconds 1 --lua-budget 1000000000
-- The same pile met inside a script's own a:step(): the error is that call's, at its line.
local dyn = require "dynamics"
local a = dyn.animator{}
local items = {}
for i = 1, 3000 do items[i] = dyn.item{ size = {10, 10}, center = {20 * (i % 50), 20 * (i // 50)} } end
a:addBehavior(dyn.collision{ items = items })
a:step(1 / 60)
for i = 1, 3000 do items[i].center = {100, 100} end
a:step(1 / 60)
return a
