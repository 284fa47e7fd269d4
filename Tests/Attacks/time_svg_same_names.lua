-- expect: ok "3000 items"
-- args: --seconds 0 --lua-budget 100000000 --svg .build/attack-names.svg
-- The SVG gives each item a unique id from its name: items sharing a name searched for a free
-- suffix from -2 each time, O(n²) with long names (8 000 items of one 4 KB name: 51 s). Each
-- name now keeps its next suffix.
local dyn = require "dynamics"
local a = dyn.animator{}
local ib = dyn.itemBehavior{ anchored = true }
local n = string.rep("x", 4096)
for i = 1, 3000 do ib:addItem(dyn.item{ size = {1, 1}, center = {i % 1000 * 2, i // 1000 * 2}, name = n }) end
a:addBehavior(ib)
return a
