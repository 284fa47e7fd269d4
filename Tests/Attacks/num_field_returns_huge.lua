-- expect: ok "FINITE" or error "field" not "NON-FINITE"
-- A custom field returning finite but huge forces (±1e300, then 1e308): refused as out of
-- range, or applied with speeds clamped; the state stays finite either way.
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 400, 400} }
local box = dyn.item{ center = {200, 200}, size = {20, 20} }
local ball = dyn.item{ center = {240, 200}, size = {20, 20}, shape = "ellipse" }
a:addBehavior(dyn.collision{ items = {box, ball}, boundsAsBoundary = true })
local n = 0
a:addBehavior(dyn.field.custom{ items = {box, ball}, evaluate = function()
  n = n + 1
  if n % 2 == 0 then return 1e308, 1e308 end
  return 1e300, -1e300
end })
a:run{ seconds = 1 }
local function finite(x) return x == x and x - x == 0 end
local ok = true
for _, it in ipairs{ box, ball } do
  local c, v = it.center, it.velocity
  ok = ok and finite(c.x) and finite(c.y) and finite(v.x) and finite(v.y) and finite(it.angle)
end
print(ok and "FINITE" or ("NON-FINITE: " .. box.center.x .. ", " .. box.velocity.x))
a:itemsIn{ 0, 0, 400, 400 }
return a
