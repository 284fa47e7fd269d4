-- expect: ok "refunded"
-- A boundary's charge is refunded when it is removed or replaced: a 25 000-point boundary
-- (11.2 MB of charges) added, replaced and removed 10 times fits in 16 MB, while two at once do
-- not (mem_boundary_points.lua).
-- args: --seconds 1 --lua-budget 100000000000 --lua-memory 16
local dyn = require "dynamics"
local it = dyn.item{ size = {10, 10} }
local c = dyn.collision{ items = { it } }
local pts = {}
for i = 1, 25000 do pts[i] = { i, (i % 2) * 5 } end
for k = 1, 10 do
  c:addBoundary("wall", pts)
  c:addBoundary("wall", pts) -- replaces: the old points are not counted twice
  c:removeBoundary("wall")
end
c:addBoundary("wall", pts)
assert(not pcall(c.addBoundary, c, "second wall", pts), "a second 25 000-point boundary passes the cap")
c:addBoundary("edge", {0, 0}, {100, 0})
print("refunded")
local a = dyn.animator{}
a:addBehavior(c)
return a
