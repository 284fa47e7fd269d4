-- Examples/pip.lua and behaviors/magneticCorners.lua: the window rests in the corner nearest
-- where its fling would carry it; each plugin instance keeps its own state on self.
local dyn = require "dynamics"
local probe = require "probe"

local function scene()
  local s = loadScene("../pip.lua")
  s.demo:cancel()                       -- the tests script their own gestures
  return s, s.animator, s.pip
end
local corners = { {66, 91}, {309, 91}, {66, 576}, {309, 576} }   -- a 100 × 150 window, 16 pt in

test("each fling rests in the predicted corner (nearest the projection), and the animator pauses", function()
  local s, a, pip = scene()
  a:run{ untilPaused = true, seconds = 5 }
  expect(pip.center):toBeCloseTo(corners[2], 0.5)                     -- it starts top right
  local flings = { { by = {-60, 120}, duration = 0.12 }, { by = {150, -60}, duration = 0.5 },
                   { by = {20, -90}, duration = 0.1 }, { by = {-100, 0}, duration = 0.2 } }
  for i, f in ipairs(flings) do
    local d = dyn.gesture.project{ f.by[1] / f.duration, f.by[2] / f.duration }   -- a uniform drag
    local predicted, corner = dyn.gesture.nearest({ pip.center.x + f.by[1] + d.x, pip.center.y + f.by[2] + d.y }, corners)
    probe.drag(a, { item = pip, by = f.by, duration = f.duration })
    a:run{ untilPaused = true, seconds = 5 }
    expect(a.isRunning):toBe(false)
    expect(pip.center):toBeCloseTo(predicted, 0.5)
    expect(s.magnets.corner):toBe(corner)
    expect(s.magnets.arrivals):toBe(i + 1)                              -- the start, and each fling
  end
end)

test("two windows, two instances: each keeps its own state on self", function()
  local magneticCorners = loadScene("../pip.lua").magneticCorners
  local a = dyn.animator{ bounds = {0, 0, 375, 667} }
  local one = dyn.item{ size = {100, 150}, center = {100, 100} }
  local two = dyn.item{ size = {100, 150}, center = {300, 600} }
  local m1, m2 = magneticCorners{ items = {one} }, magneticCorners{ items = {two}, response = 0.3 }
  a:addBehavior(m1); a:addBehavior(m2)
  a:run{ untilPaused = true, seconds = 5 }
  probe.drag(a, { item = one, by = {150, 0}, duration = 0.1 })
  a:run{ untilPaused = true, seconds = 5 }
  expect(m1.arrivals):toBe(2); expect(m1.corner):toBe(2)
  expect(m2.arrivals):toBe(1); expect(m2.corner):toBe(4)
  expect(m2.releases[1].spring.response):toBeCloseTo(0.3, 1e-9)
end)

test("the sliders retune the plugin's spring", function()
  local s, a = scene()
  s.params.response.apply(0.8); s.params.dampingFraction.apply(0.5)
  a:step()
  expect(s.magnets.releases[1].spring.response):toBeCloseTo(0.8, 1e-9)
  expect(s.magnets.releases[1].spring.dampingFraction):toBeCloseTo(0.5, 1e-9)
end)

test("a person's touch ends the demo: the window stays in its corner", function()
  local s = loadScene("../pip.lua")
  s.animator:run{ seconds = 0.3 }
  s.animator:pointer{ phase = "began", x = 20, y = 300 }                 -- on empty space
  s.animator:pointer{ phase = "ended", x = 20, y = 300 }
  expect(s.demo.cancelled):toBe(true)
  s.animator:run{ seconds = s.seconds }
  expect(s.pip.center):toBeCloseTo(corners[2], 0.5)
end)
