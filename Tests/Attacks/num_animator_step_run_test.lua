-- expect: ok
-- Numbers into the animator: step(dt), run{ seconds, dt }, itemsIn(rect).
local dyn = require "dynamics"
local N = loadScene("support/numbers.lua")   -- the values to try and the checks (shared)
local NAN, INF, BAD, ODD, finite, named, refuses, safe, world, each =
  N.NAN, N.INF, N.BAD, N.ODD, N.finite, N.named, N.refuses, N.safe, N.world, N.each

each(BAD, function(v, s)
  test("step(" .. s .. ")", function() local a = world(); refuses("step", function() a:step(v) end) end)
  test("run{seconds = " .. s .. "}", function() local a = world(); refuses("seconds", function() a:run{ seconds = v } end) end)
  test("run{dt = " .. s .. "}", function() local a = world(); refuses("dt", function() a:run{ seconds = 1, dt = v } end) end)
  test("itemsIn " .. s, function() local a = world(); refuses("itemsIn", function() a:itemsIn{ 0, 0, v, v } end) end)
end)
test("negative step, seconds, dt", function()
  local a = world()
  refuses("step", function() a:step(-1) end)
  refuses("seconds", function() a:run{ seconds = -1 } end)
  refuses("dt", function() a:run{ seconds = 1, dt = -1 } end)
end)
test("run{ seconds = 1, dt = 1e-300 } (10^300 frames) is refused or bounded", function()
  local a, box, ball = world()
  safe("dt", a, {box, ball}, function() a:run{ seconds = 1, dt = 1e-300 } end)
end)
test("run{ seconds = 1e12 } (6e13 frames) is refused", function()
  local a = world()
  refuses("seconds", function() a:run{ seconds = 1e12 } end)
end)
test("step(1e300) is refused", function() local a = world(); refuses("step", function() a:step(1e300) end) end)
each(ODD, function(v, s)
  test("step(" .. s .. ")", function() local a, box, ball = world(); safe("step", a, {box, ball}, function() a:step(v) end) end)
  test("run{ seconds = " .. s .. " }", function() local a, box, ball = world(); safe("seconds", a, {box, ball}, function() a:run{ seconds = v } end) end)
  test("itemsIn " .. s, function() local a = world(); pcall(function() a:itemsIn{ v, v, v, v } end) end)
end)
