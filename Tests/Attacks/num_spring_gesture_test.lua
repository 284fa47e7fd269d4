-- expect: ok
-- Numbers into every dyn.spring key (each dialect), s:settlingTime, attachment and snap springs,
-- snap.frequency and the gesture helpers: NaN, ±inf, ±1e300 refused naming the key; odd values
-- (tiny, huge integers, 1e150, -1) refused or harmless; nothing non-finite reaches the world.
local dyn = require "dynamics"
local N = loadScene("support/numbers.lua")
local BAD, ODD, finite, refuses, safe, world, each = N.BAD, N.ODD, N.finite, N.refuses, N.safe, N.world, N.each

-- One valid table per dialect; each key in turn gets the value.
local dialects = {
  { frequency = 2, damping = 0.5 }, { response = 0.5, dampingFraction = 0.8 }, { duration = 0.5, bounce = 0.2 },
  { mass = 1, stiffness = 100, damping = 10 }, { stiffness = 1500, dampingRatio = 0.5 },
  { tension = 40, friction = 7 }, { bounciness = 4, speed = 12 },
}
local function with(t, k, v) local c = {} for kk, vv in pairs(t) do c[kk] = vv end c[k] = v return c end
-- A spring is made or refused naming the key; one made has finite readings (Pop's may be nil).
local function springSafe(key, t)
  local ok, s = pcall(dyn.spring, t)
  if not ok then N.named(key, s) return end
  for _, p in ipairs{ "frequency", "dampingRatio", "response", "duration", "bounce", "mass", "stiffness", "damping",
                      "tension", "friction", "overshoot" } do
    assert(finite(s[p]), key .. ": " .. p .. " = " .. tostring(s[p]))
  end
  assert(s.period > 0 and s:settlingTime() > 0, key)
end

each(BAD, function(v, str)
  for _, d in ipairs(dialects) do
    for k in pairs(d) do
      test("spring{" .. k .. " = " .. str .. "}", function() refuses(k, function() dyn.spring(with(d, k, v)) end) end)
    end
  end
  test("settlingTime(" .. str .. ")", function() refuses("tolerance", function() dyn.spring(dialects[1]):settlingTime(v) end) end)
  test("snap{frequency = " .. str .. "}", function() local a, box = world(); refuses("frequency", function() dyn.snap{ item = box, frequency = v } end) end)
  test("snap.frequency = " .. str, function() local a, box = world(); local s = dyn.snap{ item = box }; refuses("frequency", function() s.frequency = v end) end)
  test("gesture.project(" .. str .. ")", function()
    refuses("velocity", function() dyn.gesture.project(v) end)
    refuses("velocity", function() dyn.gesture.project({v, 0}) end)
    refuses("rate", function() dyn.gesture.project(100, v) end)
  end)
  test("gesture.rubberBand(" .. str .. ")", function()
    refuses("offset", function() dyn.gesture.rubberBand(v, 100) end)
    refuses("dimension", function() dyn.gesture.rubberBand(10, v) end)
    refuses("constant", function() dyn.gesture.rubberBand(10, 100, v) end)
  end)
  test("gesture.nearest(" .. str .. ")", function()
    refuses("point", function() dyn.gesture.nearest({v, 0}, {{0, 0}}) end)
    refuses("targets", function() dyn.gesture.nearest({0, 0}, {{0, 0}, {0, v}}) end)
    refuses("point", function() dyn.gesture.nearest(v, {1, 2}) end)
    refuses("targets", function() dyn.gesture.nearest(1, {1, v}) end)
  end)
end)

each(ODD, function(v, str)
  for _, d in ipairs(dialects) do
    for k in pairs(d) do test("spring{" .. k .. " = " .. str .. "}", function() springSafe(k, with(d, k, v)) end) end
  end
  test("spring on an attachment and a snap from odd values " .. str, function()
    local a, box, ball = world()
    for _, d in ipairs(dialects) do
      for k in pairs(d) do
        local ok, s = pcall(dyn.spring, with(d, k, v))
        if ok then
          safe("spring", a, {box, ball}, function() a:addBehavior(dyn.attachment{ item = box, to = ball, spring = s }) end)
          if s.dampingRatio <= 1 then safe("spring", a, {box, ball}, function() a:addBehavior(dyn.snap{ item = ball, spring = s }) end) end
        end
      end
    end
  end)
  test("snap.frequency = " .. str, function() local a, box, ball = world(); local s = dyn.snap{ item = box }; a:addBehavior(s); safe("frequency", a, {box, ball}, function() s.frequency = v end) end)
  test("gesture helpers with " .. str, function()
    for _, f in ipairs{ function() return dyn.gesture.project(v) end, function() return dyn.gesture.rubberBand(v, 100) end,
                        function() return dyn.gesture.rubberBand(10, v) end, function() return dyn.gesture.rubberBand(10, 100, v) end,
                        function() return (dyn.gesture.nearest(v, {0, 1})) end } do
      local ok, r = pcall(f)
      if ok then assert(finite(r), "non-finite result " .. tostring(r)) else N.named("gesture", r) end
    end
  end)
end)

test("negative and zero where a spring needs a value", function()
  refuses("frequency", function() dyn.spring{ frequency = 0, damping = 1 } end)
  refuses("frequency", function() dyn.spring{ frequency = -2, damping = 1 } end)
  refuses("damping", function() dyn.spring{ frequency = 2, damping = -0.1 } end)
  refuses("response", function() dyn.spring{ response = 0, dampingFraction = 1 } end)
  refuses("dampingFraction", function() dyn.spring{ response = 1, dampingFraction = -1 } end)
  refuses("duration", function() dyn.spring{ duration = -1, bounce = 0 } end)
  refuses("bounce", function() dyn.spring{ duration = 1, bounce = -1 } end)
  refuses("bounce", function() dyn.spring{ duration = 1, bounce = 1.01 } end)
  refuses("mass", function() dyn.spring{ mass = 0, stiffness = 1, damping = 1 } end)
  refuses("stiffness", function() dyn.spring{ mass = 1, stiffness = -1, damping = 1 } end)
  refuses("damping", function() dyn.spring{ mass = 1, stiffness = 1, damping = -1 } end)
  refuses("stiffness", function() dyn.spring{ stiffness = 0, dampingRatio = 1 } end)
  refuses("tension", function() dyn.spring{ tension = 0, friction = 7 } end)
  refuses("tension", function() dyn.spring{ tension = -30, friction = 7 } end)
  refuses("friction", function() dyn.spring{ tension = 40, friction = -1 } end)
  refuses("bounciness", function() dyn.spring{ bounciness = -1, speed = 12 } end)
  refuses("speed", function() dyn.spring{ bounciness = 4, speed = -1 } end)
  refuses("tolerance", function() dyn.spring{ frequency = 1, damping = 1 }:settlingTime(0) end)
  refuses("tolerance", function() dyn.spring{ frequency = 1, damping = 1 }:settlingTime(1) end)
  refuses("rate", function() dyn.gesture.project(100, 0) end)
  refuses("rate", function() dyn.gesture.project(100, -0.5) end)
  refuses("dimension", function() dyn.gesture.rubberBand(10, 0) end)
  refuses("constant", function() dyn.gesture.rubberBand(10, 100, 0) end)
  refuses("frequency", function() local a, box = world(); dyn.snap{ item = box, frequency = 0 } end)
end)

test("huge but finite: beyond the spring's limits (10⁴ Hz, damping ratio 10⁴) refused, naming the key", function()
  refuses("frequency", function() dyn.spring{ frequency = 1e5, damping = 1 } end)
  refuses("stiffness", function() dyn.spring{ mass = 1e-9, stiffness = 1e9, damping = 1 } end)
  refuses("damping", function() dyn.spring{ mass = 1, stiffness = 1, damping = 1e8 } end)
  refuses("speed", function() dyn.spring{ bounciness = 4, speed = 1e9 } end)
  refuses("bounciness", function() dyn.spring{ bounciness = 1e9, speed = 12 } end)
  refuses("response", function() dyn.spring{ response = 1e9, dampingFraction = 1 } end)
  refuses("frequency", function() local a, box = world(); dyn.snap{ item = box, frequency = 1e9 } end)
end)
