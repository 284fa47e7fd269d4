-- expect: ok "FINITE" or error "applyForce" | "applyImpulse" not "NON-FINITE"
-- The largest forces and impulses that are accepted, applied every frame for 10 s, off-center:
-- speeds are clamped, nothing becomes inf or NaN.
-- args: --seconds 10 --lua-budget 100000000
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 400, 400} }
local box = dyn.item{ center = {200, 200}, size = {20, 20} }
local ball = dyn.item{ center = {240, 200}, size = {0.01, 0.01}, shape = "ellipse" }
a:addBehavior(dyn.collision{ items = {box, ball}, boundsAsBoundary = true })
local function biggest(apply)  -- the largest power of ten the model accepts
  local v = 1e300
  while v > 1 and not pcall(apply, v) do v = v / 10 end
  return v
end
local f
local function push(v) box:applyForce({ v, -v }, { 10, 10 }); ball:applyImpulse({ -v, v }, { 0.01, 0 }); ball:applyTorque(v) end
a:addBehavior(dyn.behavior{ items = {box, ball}, action = function()
  if not f then f = biggest(push) else pcall(push, f) end
end })
local function finite(x) return x == x and x - x == 0 end
a:addBehavior(dyn.behavior{ action = function()
  for _, it in ipairs{ box, ball } do
    local c, v = it.center, it.velocity
    if not (finite(c.x) and finite(c.y) and finite(v.x) and finite(v.y) and finite(it.angle) and finite(it.angularVelocity)) then
      print("NON-FINITE after forces of " .. f .. ": " .. tostring(c.x) .. ", " .. tostring(v.x))
      error("non-finite state")
    end
  end
end })
a:run{ seconds = 1 }
print("FINITE")
return a
