-- Springs in every dialect and the gesture helpers (docs/lua-api.md, "Springs" and "Gesture
-- helpers"). Hand values come from each dialect's published formula (see the docs' table).
local dyn = require "dynamics"
local pi = math.pi
-- v is x to 1e-9 of |x|.
local function near(v, x) expect(v):toBeCloseTo(x, math.max(1e-9 * math.abs(x), 1e-12)) end



test("dyn.spring, UIKit attachment: frequency 2 Hz, damping ratio 0.3", function()
  local s = dyn.spring{ frequency = 2, damping = 0.3 }
  near(s.mass, 1); near(s.stiffness, (4 * pi) ^ 2); near(s.damping, 2 * 0.3 * 4 * pi)
  near(s.frequency, 2); near(s.dampingRatio, 0.3)
end)
test("dyn.spring, SwiftUI: k = (2π/response)², c = 4π·dampingFraction/response", function()
  local s = dyn.spring{ response = 0.5, dampingFraction = 0.8 }
  near(s.stiffness, (2 * pi / 0.5) ^ 2); near(s.damping, 4 * pi * 0.8 / 0.5)
  near(s.response, 0.5); near(s.dampingFraction, 0.8)
end)
test("dyn.spring, SwiftUI 17: Apple's example (duration 0.5, bounce 0.3) = (1, 157.9, 17.6); bounce −0.5 is ratio 2", function()
  local s = dyn.spring{ duration = 0.5, bounce = 0.3 }
  expect(s.stiffness):toBeCloseTo(157.9, 0.05); expect(s.damping):toBeCloseTo(17.6, 0.05)
  near(s.damping, 17.59291886010284); near(s.bounce, 0.3)
  local o = dyn.spring{ duration = 0.4, bounce = -0.5 }
  near(o.dampingRatio, 2); near(o.bounce, -0.5); near(o.duration, 0.4)
end)
test("dyn.spring, mass, stiffness, damping as given (mass 1 when left out); Apple's (1, 100, 10) reads duration 0.63, bounce 0.5", function()
  local s = dyn.spring{ mass = 2, stiffness = 200, damping = 10 }
  expect(s.mass):toBe(2); expect(s.stiffness):toBe(200); expect(s.damping):toBe(10)
  near(s.frequency, 10 / (2 * pi)); near(s.dampingRatio, 0.25)
  local t = dyn.spring{ stiffness = 100, damping = 10 }
  expect(t.mass):toBe(1); near(t.duration, 2 * pi / 10); near(t.bounce, 0.5)
end)
test("dyn.spring, Android SpringForce: mass 1, c = 2·dampingRatio·√stiffness", function()
  local s = dyn.spring{ stiffness = 1500, dampingRatio = 0.5 }
  near(s.damping, 38.72983346207417); near(s.dampingRatio, 0.5)
end)
test("dyn.spring, Origami: k = (tension − 30)·3.62 + 194, c = (friction − 8)·3 + 25; friction 0 is undamped", function()
  local s = dyn.spring{ tension = 40, friction = 7 }
  near(s.stiffness, 230.2); near(s.damping, 22); near(s.tension, 40); near(s.friction, 7)
  expect(dyn.spring{ tension = 40, friction = 0 }.damping):toBe(0)
end)
test("dyn.spring, Pop: bounciness 4, speed 12 (Pop's defaults) through BouncyConversion", function()
  local s = dyn.spring{ bounciness = 4, speed = 12 }
  near(s.stiffness, 342.10058823529414); near(s.damping, 30.486979648244255)
  near(s.bounciness, 4); near(s.speed, 12)
end)
test("dyn.spring, reads back in every dialect: round trips through each", function()
  -- (SwiftUI's default, dampingFraction 0.825 at 1.82 Hz, is more damped than Pop's
  -- no-bounce curve there: its bounciness reads nil.)
  expect(dyn.spring{ response = 0.55, dampingFraction = 0.825 }.bounciness):toBe(nil)
  local s = dyn.spring{ response = 0.3, dampingFraction = 0.6 }
  for _, t in ipairs{
    dyn.spring{ frequency = s.frequency, damping = s.dampingRatio },
    dyn.spring{ duration = s.duration, bounce = s.bounce },
    dyn.spring{ mass = s.mass, stiffness = s.stiffness, damping = s.damping },
    dyn.spring{ stiffness = s.stiffness, dampingRatio = s.dampingRatio },
    dyn.spring{ tension = s.tension, friction = s.friction },
    dyn.spring{ bounciness = s.bounciness, speed = s.speed },
  } do
    near(t.frequency, s.frequency); near(t.dampingRatio, s.dampingRatio)
  end
end)
test("dyn.spring, Pop's bounciness and speed are nil for a spring it cannot express (1 Hz is slower than speed 0)", function()
  local s = dyn.spring{ frequency = 1, damping = 0.5 }
  expect(s.bounciness):toBe(nil); expect(s.speed):toBe(nil)
end)

test("settling time, overshoot and period against the closed form (hand values, 1e-9 s)", function()
  expect(dyn.spring{ frequency = 2, damping = 0.3 }:settlingTime()):toBeCloseTo(1.139913318619919, 1e-9)
  expect(dyn.spring{ frequency = 1, damping = 1 }:settlingTime(0.01)):toBeCloseTo(1.056526545605521, 1e-9)
  expect(dyn.spring{ frequency = 1, damping = 2 }:settlingTime()):toBeCloseTo(2.7796066972380595, 1e-9)
  local s = dyn.spring{ frequency = 1, damping = 0.5 }
  expect(s.overshoot):toBeCloseTo(0.16303353482158048, 1e-12)
  expect(s.period):toBeCloseTo(1.1547005383792517, 1e-12)
  expect(dyn.spring{ frequency = 1, damping = 1 }.period):toBe(math.huge)
  expect(dyn.spring{ frequency = 1, damping = 0 }:settlingTime()):toBe(math.huge)
  -- A looser tolerance settles sooner.
  expect(s:settlingTime(0.05)):toBeLessThan(s:settlingTime(0.01))
end)

-- Released from rest 200 pt from its rest point (no gravity, no resistance), stepped at 1/60 s:
-- when the item's displacement stays within 1 % for good, on the path between frames
-- (cubic Hermite through each frame's position and velocity).
local function engineSettlingTime(spring)
  local a = dyn.animator{}
  local item = dyn.item{ center = {200, 400}, size = {100, 100} }
  a:addBehavior(dyn.itemBehavior{ items = {item}, resistance = 0, angularResistance = 0 })
  a:addBehavior(dyn.attachment{ item = item, anchor = {200, 100}, length = 100, spring = spring })
  local dt, x, v = 1 / 60, {1}, {0}
  for i = 1, math.ceil((spring:settlingTime() * 1.5 + 1) / dt) do
    a:step(dt)
    x[#x + 1] = (item.center.y - 200) / 200
    v[#v + 1] = item.velocity.y / 200
  end
  local function h(k, s)
    local s2, s3 = s * s, s * s * s
    return (2 * s3 - 3 * s2 + 1) * x[k] + (s3 - 2 * s2 + s) * dt * v[k] + (-2 * s3 + 3 * s2) * x[k + 1] + (s3 - s2) * dt * v[k + 1]
  end
  local lastK, lastS
  for k = 1, #x - 1 do
    for i = 0, 63 do if math.abs(h(k, i / 64)) > 0.01 then lastK, lastS = k, i / 64 end end
  end
  local lo, hi = lastS, lastS + 1 / 64
  for _ = 1, 60 do
    local mid = (lo + hi) / 2
    if math.abs(h(lastK, mid)) > 0.01 then lo = mid else hi = mid end
  end
  return (lastK - 1 + hi) * dt
end

for _, case in ipairs{
  { "UIKit", { frequency = 2, damping = 0.3 } }, { "SwiftUI", { response = 0.5, dampingFraction = 0.7 } },
  { "SwiftUI 17", { duration = 0.4, bounce = -0.5 } }, { "mass-stiffness-damping", { mass = 1, stiffness = 100, damping = 10 } },
  { "Android", { stiffness = 1500, dampingRatio = 0.5 } }, { "Origami", { tension = 40, friction = 7 } },
  { "Pop", { bounciness = 8, speed = 12 } },
} do
  test("a spring from each dialect settles in the engine within 2 % of its settling time: " .. case[1], function()
    local s = dyn.spring(case[2])
    local computed, measured = s:settlingTime(), engineSettlingTime(s)
    print(string.format("%s: computed %.4f s, engine %.4f s (%+.2f %%)", case[1], computed, measured, 100 * (measured - computed) / computed))
    expect(math.abs(measured - computed) / computed):toBeLessThan(0.02)
  end)
end

test("attachment.spring sets frequency and damping; nil makes a rod", function()
  local item = dyn.item{ size = {10, 10}, center = {0, 100} }
  local a = dyn.attachment{ item = item, anchor = {0, 0}, spring = dyn.spring{ response = 0.25, dampingFraction = 0.6 } }
  expect(a.frequency):toBeCloseTo(4, 1e-12); expect(a.damping):toBeCloseTo(0.6, 1e-12)
  expect(a.spring.response):toBeCloseTo(0.25, 1e-12)
  a.spring = nil
  expect(a.frequency):toBe(0); expect(a.spring):toBe(nil)
end)
test("snap.frequency sets the pace: under gravity the item sags g/(2πf)² (2 Hz: 6.33 pt, ±0.3)", function()
  local an = dyn.animator{}
  local item = dyn.item{ size = {50, 50}, center = {100, 100} }
  local snap = dyn.snap{ item = item, point = {200, 200}, frequency = 2, damping = 1 }
  an:addBehavior(snap); an:addBehavior(dyn.gravity{ items = {item} })
  an:run{ seconds = 10 }
  expect(item.center.y):toBeCloseTo(200 + 1000 / (2 * pi * 2) ^ 2, 0.3)
  expect(item.center.x):toBeCloseTo(200, 0.3)
end)
test("snap.spring reads and sets frequency and damping together", function()
  local snap = dyn.snap{ item = dyn.item{ size = {10, 10} }, spring = dyn.spring{ duration = 0.25, bounce = 0.2 } }
  expect(snap.frequency):toBeCloseTo(4, 1e-12); expect(snap.damping):toBeCloseTo(0.8, 1e-12)
  expect(snap.spring.bounce):toBeCloseTo(0.2, 1e-12)
  expect(dyn.snap{ item = dyn.item{ size = {10, 10} } }.frequency):toBeCloseTo(3.59, 1e-12)
end)

test("gesture.project: v/1000·r/(1 − r) (normal 0.998, fast 0.99, or a number); vectors per axis", function()
  expect(dyn.gesture.project(1000)):toBeCloseTo(499, 1e-9)
  expect(dyn.gesture.project(1000, "fast")):toBeCloseTo(99, 1e-9)
  expect(dyn.gesture.project(-2000, 0.9)):toBeCloseTo(-18, 1e-9)
  local p = dyn.gesture.project({1000, -500})
  expect(p.x):toBeCloseTo(499, 1e-9); expect(p.y):toBeCloseTo(-249.5, 1e-9)
end)
test("gesture.rubberBand: (1 − 1/(x·c/d + 1))·d with the sign of x", function()
  expect(dyn.gesture.rubberBand(100, 200)):toBeCloseTo(200 * (1 - 1 / (100 * 0.55 / 200 + 1)), 1e-9)
  expect(dyn.gesture.rubberBand(-100, 200)):toBeCloseTo(-43.13725490196078, 1e-9)
  expect(dyn.gesture.rubberBand(50, 100, 1)):toBeCloseTo(100 / 3, 1e-9)
  expect(dyn.gesture.rubberBand(1e6, 200)):toBeLessThan(200)
end)
test("gesture.nearest: the target and its 1-based index, points or numbers", function()
  local corners = { {30, 60}, {345, 60}, {30, 600}, {345, 600} }
  local t, i = dyn.gesture.nearest({300, 500}, corners)
  expect(i):toBe(4); expect(t):toBeCloseTo({345, 600}, 0)
  local d, j = dyn.gesture.nearest(420, {100, 400, 700})
  expect(d):toBe(400); expect(j):toBe(2)
end)

test("bad input to dyn.spring is refused with file:line, naming the key", function()
  expect(function() dyn.spring{ frequency = 2, tension = 40 } end):toFail("springs_test.lua:%d+: spring: the keys mix dialects")
  expect(function() dyn.spring{ respons = 0.5, dampingFraction = 1 } end):toFail("unknown property 'respons' — did you mean 'response'")
  expect(function() dyn.spring{ stiffness = 100 } end):toFail("incomplete: add damping .* or dampingRatio")
  expect(function() dyn.spring{ frequency = 0 / 0, damping = 1 } end):toFail("spring.frequency: must be finite")
  expect(function() dyn.spring{ frequency = 2, damping = -1 } end):toFail("spring.damping: must be")
  expect(function() dyn.spring{ response = 1e300, dampingFraction = 1 } end):toFail("spring.response: must be")
  expect(function() dyn.spring{ tension = 0, friction = 7 } end):toFail("spring.tension: must not be 0")
  expect(function() dyn.spring{ duration = 0.5, bounce = "a" } end):toFail("spring.bounce: expected a number, got string")
  expect(function() dyn.spring(5) end):toFail("spring: expected a table")
end)
test("bad input to a spring's properties and method is refused with file:line, naming the key", function()
  local s = dyn.spring{ frequency = 2, damping = 1 }
  expect(function() s.frequency = 3 end):toFail("spring.frequency is read%-only")
  expect(function() return s.frequncy end):toFail("did you mean 'frequency'")
  expect(function() return s:settlingTime(1) end):toFail("spring:settlingTime%(tolerance%): must be a fraction")
  expect(function() return s.settlingTime(0.1) end):toFail("expected a spring")
end)
test("bad input to attachment and snap springs is refused with file:line, naming the key", function()
  local item, other = dyn.item{ size = {10, 10} }, dyn.item{ size = {10, 10}, center = {50, 0} }
  local s = dyn.spring{ frequency = 2, damping = 1.5 }
  expect(function() dyn.attachment{ item = item, anchor = {0, 0}, spring = s, frequency = 1 } end):toFail("give spring or frequency, not both")
  expect(function() dyn.attachment{ item = item, anchor = {0, 0}, spring = {frequency = 1} } end):toFail("attachment.spring: expected a spring")
  expect(function() dyn.attachment{ item = item, to = other, type = "pin", anchor = {25, 0}, spring = s } end):toFail("attachment.spring: applies to spring attachments, not pin")
  expect(function() dyn.snap{ item = item, spring = s } end):toFail("snap.spring: a snap's damping ratio is 0…1")
  expect(function() dyn.snap{ item = item, frequency = -1 } end):toFail("snap.frequency: must be")
  expect(function() dyn.snap{ item = item, frequency = 1 / 0 } end):toFail("snap.frequency: must be finite")
end)
test("bad input to gesture helpers is refused with file:line, naming the key", function()
  expect(function() dyn.gesture.project(0 / 0) end):toFail("gesture.project%(velocity%): must be finite")
  expect(function() dyn.gesture.project(100, "slow") end):toFail("gesture.project%(rate%): expected \"normal\", \"fast\"")
  expect(function() dyn.gesture.project(100, 1) end):toFail("gesture.project%(rate%): must be in 0…1")
  expect(function() dyn.gesture.rubberBand(10, 0) end):toFail("gesture.rubberBand%(dimension%): must be")
  expect(function() dyn.gesture.rubberBand(10, 100, -1) end):toFail("gesture.rubberBand%(constant%): must be")
  expect(function() dyn.gesture.nearest({0, 0}, {}) end):toFail("gesture.nearest%(targets%): the list is empty")
  expect(function() dyn.gesture.nearest({0, 0}, { {0, 0}, {1e8, 0} }) end):toFail("gesture.nearest%(targets%)%[2%]")
  expect(function() dyn.gesture.nearest(1, { 1, "2" }) end):toFail("gesture.nearest%(targets%)%[2%]: expected a number")
  expect(function() return dyn.gesture.projection end):toFail("dynamics.gesture has no member 'projection'")
end)
