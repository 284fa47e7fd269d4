-- expect: ok
-- Numbers into attachments (anchor, offsets, length, frequency, damping, range, frictionTorque,
-- axis) and snap (point, damping).
local dyn = require "dynamics"
local N = loadScene("support/numbers.lua")   -- the values to try and the checks (shared)
local NAN, INF, BAD, ODD, finite, named, refuses, safe, world, each =
  N.NAN, N.INF, N.BAD, N.ODD, N.finite, N.named, N.refuses, N.safe, N.world, N.each

each(BAD, function(v, s)
  test("attachment{anchor} " .. s, function() local a, box = world(); refuses("anchor", function() dyn.attachment{ item = box, anchor = {v, 0} } end) end)
  test("attachment{offset} " .. s, function() local a, box, ball = world(); refuses("offset", function() dyn.attachment{ item = box, to = ball, offset = {0, v} } end) end)
  for _, k in ipairs{ "length", "frequency", "damping", "frictionTorque" } do
    test("attachment{" .. k .. "} " .. s, function() local a, box, ball = world(); refuses(k, function() dyn.attachment{ item = box, to = ball, [k] = v } end) end)
    test("attachment." .. k .. " = " .. s, function() local a, box, ball = world(); local j = dyn.attachment{ item = box, to = ball }; refuses(k, function() j[k] = v end) end)
  end
  test("attachment.anchor = " .. s, function() local a, box = world(); local j = dyn.attachment{ item = box, anchor = {0, 0} }; refuses("anchor", function() j.anchor = {v, v} end) end)
  -- {-inf, inf} is no limit (what `range` reads back without one), not a bad value.
  if v ~= math.huge then
    test("pin range " .. s, function() local a, box, ball = world(); refuses("range", function() dyn.attachment{ item = box, to = ball, type = "pin", anchor = {220, 200}, range = {-v, v} } end) end)
  end
  test("sliding axis " .. s, function() local a, box, ball = world(); refuses("axis", function() dyn.attachment{ item = box, to = ball, type = "sliding", anchor = {220, 200}, axis = {v, 1} } end) end)
  test("snap{point} " .. s, function() local a, box = world(); refuses("point", function() dyn.snap{ item = box, point = {v, 1} } end) end)
  test("snap.point = " .. s, function() local a, box = world(); local sn = dyn.snap{ item = box, point = {1, 1} }; refuses("point", function() sn.point = {1, v} end) end)
  test("snap.damping = " .. s, function() local a, box = world(); local sn = dyn.snap{ item = box, point = {1, 1} }; refuses("damping", function() sn.damping = v end) end)
end)
test("negative length, frequency, damping", function()
  local a, box, ball = world()
  refuses("length", function() dyn.attachment{ item = box, to = ball, length = -1 } end)
  refuses("frequency", function() dyn.attachment{ item = box, to = ball, frequency = -1 } end)
  refuses("damping", function() dyn.attachment{ item = box, to = ball, damping = -1 } end)
end)
test("snap point and spring anchor at 1e300 (NaN today)", function()
  local a, box = world()
  refuses("point", function() a:addBehavior(dyn.snap{ item = box, point = {1e300, 1e300} }) end)
  refuses("anchor", function() a:addBehavior(dyn.attachment{ item = box, anchor = {1e300, 0}, frequency = 2 }) end)
end)
each(ODD, function(v, s)
  for _, k in ipairs{ "length", "frequency", "damping", "frictionTorque" } do
    test("attachment." .. k .. " = " .. s, function()
      local a, box, ball = world(); local j = dyn.attachment{ item = box, to = ball, frequency = 2 }; a:addBehavior(j)
      safe(k, a, {box, ball}, function() j[k] = v end)
    end)
  end
  test("attachment anchor " .. s, function()
    local a, box, ball = world()
    safe("anchor", a, {box, ball}, function() a:addBehavior(dyn.attachment{ item = box, anchor = {v, v}, frequency = 3 }) end)
  end)
  test("pin range " .. s, function()
    local a, box, ball = world()
    safe("range", a, {box, ball}, function() a:addBehavior(dyn.attachment{ item = box, to = ball, type = "pin", anchor = {220, 200}, range = {-v, v} }) end)
  end)
  test("snap point " .. s, function()
    local a, box, ball = world()
    safe("point", a, {box, ball}, function() a:addBehavior(dyn.snap{ item = box, point = {v, v} }) end)
  end)
  test("snap damping " .. s, function()
    local a, box, ball = world(); local sn = dyn.snap{ item = box, point = {100, 100} }; a:addBehavior(sn)
    safe("damping", a, {box, ball}, function() sn.damping = v end)
  end)
end)
