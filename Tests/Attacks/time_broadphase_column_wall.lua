-- expect: ok "3000 items, 1.000 s simulated"
-- A sweep-and-prune along x alone is quadratic when the items share an x range (20 000
-- items in one column: 0.33 s an internal step), and every moved item was tested against
-- every boundary segment (here 3 000): this scene took 1.5 s in a release build before, far
-- more in the debug build the corpus runs. The broad phase's scans now have a linear budget,
-- past which a tree takes over; boundary segments are always in a tree.
local dyn = require "dynamics"
local a = dyn.animator{}
local items = {}
for i = 1, 3000 do items[i] = dyn.item{ size = {10, 10}, center = {100, 20 * i} } end
local c = dyn.collision{ items = items }
local pts = {}
for i = 1, 3000 do pts[i] = { 1000 + i * 10, -1e5 + (i % 2) } end
c:addBoundary("far", pts)
a:addBehavior(c)
a:addBehavior(dyn.gravity{ items = items })
return a
