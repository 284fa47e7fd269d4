-- expect: ok "wall built"
-- One boundary of 200 000 points: each chain segment added to the wall's body walked all the
-- segments before it to recompute a mass a wall does not have (O(n²): minutes). A massless
-- segment now only widens the body's extent.
-- args: --seconds 0.5 --lua-budget 100000000000 --lua-memory 256
local dyn = require "dynamics"
local it = dyn.item{ size = {10, 10}, center = {5, -100} }
local c = dyn.collision{ items = { it } }
local pts = {}
for i = 1, 200000 do pts[i] = { i * 0.5 - 50000, (i % 2) * 2 } end
c:addBoundary("floor", pts)
local a = dyn.animator{}
a:addBehavior(c)
a:addBehavior(dyn.gravity{ items = { it } })
a:step(0.1)
print("wall built")
return a
