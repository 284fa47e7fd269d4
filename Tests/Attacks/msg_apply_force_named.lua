-- expect: ok "APPLY NAMED"
-- applyForce / applyImpulse / applyTorque past ±1e9 are refused in the script's words, and an
-- item's model errors name it as the Lua API does (the message began with the
-- item's Swift description, '"b" at (765.8…, 100.3…) size 20.0×20.0.force').
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 400, 400} }
local b = dyn.item{ center = {100, 100}, size = {20, 20}, name = "b" }
a:addBehavior(dyn.gravity{ items = {b} })
local function refused(f, text)
  local ok, err = pcall(f)
  assert(not ok and tostring(err):find(text, 1, true), tostring(err))
end
a:addBehavior(dyn.behavior{ action = function()
  refused(function() b:applyForce{1e300, 0} end, "applyForce(force): must be within ±1000000000.0")
  refused(function() b:applyForce({1, 0}, {0, 1e300}) end, "applyForce(force, offset): must be within")
  refused(function() b:applyImpulse{0, -1e10} end, "applyImpulse(impulse): must be within")
  refused(function() b:applyTorque(1e300) end, "applyTorque(torque): must be within")
end })
a:step()
local other = dyn.animator{}
other:addBehavior(dyn.gravity{ items = {b} })
refused(function() other:step() end, 'item "b".animator: is already in another animator')
print("APPLY NAMED")
return a
