-- expect: ok
-- applyForce / applyImpulse / applyTorque inside an action: non-finite and 1e300 refused,
-- finite values keep the world finite (speeds clamped).
local dyn = require "dynamics"
local N = loadScene("support/numbers.lua")   -- the values to try and the checks (shared)
local NAN, INF, BAD, ODD, finite, named, refuses, safe, world, each =
  N.NAN, N.INF, N.BAD, N.ODD, N.finite, N.named, N.refuses, N.safe, N.world, N.each

-- Runs `fn(box)` inside an action for 30 frames; returns the first error the action raised.
local function inAction(fn)
  local a, box, ball = world()
  local err
  a:addBehavior(dyn.behavior{ action = function() local ok, e = pcall(fn, box); if not ok and not err then err = e end end })
  for i = 1, 30 do a:step() end
  return a, box, ball, err
end
local function refusedInAction(what, fn)
  local a, box, ball, err = inAction(fn)
  if not err then error(what .. ": accepted a non-finite or out-of-range value", 2) end
  named(what, err)
end
each(BAD, function(v, s)
  test("applyForce " .. s, function() refusedInAction("applyForce", function(b) b:applyForce{ v, 0 } end) end)
  test("applyForce offset " .. s, function() refusedInAction("applyForce", function(b) b:applyForce({ 1, 0 }, { 0, v }) end) end)
  test("applyImpulse " .. s, function() refusedInAction("applyImpulse", function(b) b:applyImpulse{ 0, v } end) end)
  test("applyTorque " .. s, function() refusedInAction("applyTorque", function(b) b:applyTorque(v) end) end)
end)
each({ 1e150, -1e150, 1e30, math.maxinteger, 1e-300 }, function(v, s)
  for _, m in ipairs{ "applyForce", "applyImpulse" } do
    test(m .. " " .. s .. " every frame", function()
      local a, box, ball, err = inAction(function(b) b[m](b, { v, -v }, { 5, 5 }) end)
      if err then named(m, err) end
      safe(m, a, {box, ball}, function() end)
    end)
  end
  test("applyTorque " .. s .. " every frame", function()
    local a, box, ball, err = inAction(function(b) b:applyTorque(v) end)
    if err then named("applyTorque", err) end
    safe("applyTorque", a, {box, ball}, function() end)
  end)
end)
