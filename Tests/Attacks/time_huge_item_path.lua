-- expect: error "item.shape: a convex path has at most 2048 points, got 100000" at 9
-- An item's convex path becomes a polygon of at most 32 vertices; the hull, the convexity
-- check and the reduction cost O(n²) in the host, where the budget cannot stop them: 20 000
-- points on a circle held the host for 20 s. A path has at most Limits.pathPoints points.
local dyn = require "dynamics"
local pts = {}
local n = 100000
for i = 1, n do local t = 2 * math.pi * i / n; pts[i] = { 50 * math.cos(t), 50 * math.sin(t) } end
local it = dyn.item{ size = {100, 100}, shape = pts }
return dyn.animator{}
