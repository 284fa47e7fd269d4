-- expect: ok "FINITE" or error "shape" | "collisionBoundingPath" | "area" not "NON-FINITE"
-- Degenerate and concave polygons, a zero-length boundary, a repeated boundary id.
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 200, 200} }
local c = dyn.collision{ items = {}, boundsAsBoundary = true }
pcall(function() c:addBoundary("dot", {50, 50}, {50, 50}) end)
pcall(function() c:addBoundary("dot", {50, 50}, {60, 50}) end)
pcall(function() c:addBoundary("dot", {50, 50}, {60, 50}) end)
for _, shape in ipairs{
  { {0, 0}, {0, 0}, {0, 0} },                 -- one point three times
  { {0, 0}, {1, 0}, {2, 0} },                 -- collinear
  { {0, 0}, {10, 0}, {1, 1}, {0, 10} },       -- concave
  { {0, 0}, {10, 10}, {10, 0}, {0, 10} },     -- self-intersecting
} do
  local ok, item = pcall(dyn.item, { size = {10, 10}, center = {100, 100}, shape = shape })
  if ok then
    c:addItem(item)
    a:addBehavior(dyn.gravity{ items = {item} })
  end
end
a:addBehavior(c)
a:run{ seconds = 0.5 }
local finite = true
for _, item in ipairs(a:itemsIn{ -1e6, -1e6, 2e6, 2e6 }) do
  local c = item.center
  if c.x ~= c.x or c.y ~= c.y or item.angle ~= item.angle then finite = false end
end
print(finite and "FINITE" or "NON-FINITE")
