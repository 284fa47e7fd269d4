-- expect: error "addBoundary: not enough memory" at 11
-- Collision boundaries are host memory: one 100 000-point table given to addBoundary 60 times
-- under different names grew the process by 2.2 GB under a 64 MB cap. Each point is now
-- charged against the cap, so the boundaries that would pass it are refused at their line.
-- args: --seconds 1 --lua-budget 100000000000
local dyn = require "dynamics"
local it = dyn.item{ size = {10, 10} }
local c = dyn.collision{ items = { it } }
local pts = {}
for i = 1, 100000 do pts[i] = { i, (i % 2) * 5 } end
for k = 1, 60 do c:addBoundary("wall " .. k, pts) end
local a = dyn.animator{}
a:addBehavior(c)
return a
