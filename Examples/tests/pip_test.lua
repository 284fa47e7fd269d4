-- Examples/pip.lua and behaviors/magneticCorners.lua: the window rests in the corner nearest
-- where its fling would carry it; each plugin instance keeps its own state on self.
local dyn = require "dynamics"
local drag = require("probe").drag

local screen = {0, 0, 375, 667}
local function scene()
  local s = loadScene("../pip.lua")
  s.demo:cancel()                       -- the tests script their own gestures
  return s, s.animator, s.pip
end
local corners = { {66, 91}, {309, 91}, {66, 576}, {309, 576} }   -- a 100 × 150 window, 16 pt in


test("each fling rests in the predicted corner (nearest the projection), and the animator pauses", function()
  local s, a, pip = scene()
  local start = a:run{ untilPaused = true, seconds = 5, record = true }
  expect(start:item("pip")):toEndNear(corners[2], 0.5)                 -- it starts top right
  local flings = { { by = {-60, 120}, duration = 0.12 }, { by = {150, -60}, duration = 0.5 },
                   { by = {20, -90}, duration = 0.1 }, { by = {-100, 0}, duration = 0.2 } }
  for i, f in ipairs(flings) do
    local d = dyn.gesture.project{ f.by[1] / f.duration, f.by[2] / f.duration }   -- a uniform drag
    local predicted, corner = dyn.gesture.nearest({ pip.center.x + f.by[1] + d.x, pip.center.y + f.by[2] + d.y }, corners)
    drag(a, { item = pip, by = f.by, duration = f.duration })
    local run = a:run{ untilPaused = true, seconds = 5, record = true }
    local label = "fling " .. i
    expect(run, label):toComeToRest()
    expect(run:item("pip"), label):toSettleAt(predicted, 0.5)
    expect(run:item("pip"), label).never:toLeave(screen)          -- (a flick up swings 2.4 pt past the right edge)
    expect(s.magnets.corner, label):toBe(corner)
    expect(s.magnets.arrivals, label):toBe(i + 1)                      -- the start, and each fling
    if i == 1 then expect(run):toMatchGolden("pip_fling_bottom_left", { tolerance = 0.5 }) end
  end
end)

test("two windows, two instances: each keeps its own state on self", function()
  local magneticCorners = loadScene("../pip.lua").magneticCorners
  local a = dyn.animator{ bounds = screen }
  local one = dyn.item{ size = {100, 150}, center = {100, 100}, name = "one" }
  local two = dyn.item{ size = {100, 150}, center = {300, 600}, name = "two" }
  local m1, m2 = magneticCorners{ items = {one} }, magneticCorners{ items = {two}, response = 0.3 }
  a:addBehavior(m1); a:addBehavior(m2)
  a:run{ untilPaused = true, seconds = 5 }
  drag(a, { item = one, by = {150, 0}, duration = 0.1 })
  local run = a:run{ untilPaused = true, seconds = 5, record = true }
  expect(run:item("one")):toEndNear(corners[2], 0.5)
  expect(run:item("two").first.center):toEqual(run:item("two").last.center)   -- untouched
  expect(run:item("one")).never:toOverlap(run:item("two"))
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

test("the demo: bottom left, bottom right, top right", function()
  local s = loadScene("../pip.lua")
  local run = s.animator:run{ untilPaused = true, seconds = s.seconds, record = true }
  local pip = run:item("pip")
  expect(pip:at(2.0).center):toBeCloseTo(corners[3], 0.5)
  expect(pip:at(3.45).center):toBeCloseTo(corners[4], 0.5)      -- before the flick up at 3.5 s
  expect(pip):toSettleAt(corners[2], 0.5)
  expect(run):toComeToRest()
  expect(run):toMatchGolden("pip_demo", { tolerance = 0.5 })
end)

test("a person's touch ends the demo: the window stays in its corner", function()
  local s = loadScene("../pip.lua")
  s.animator:run{ seconds = 0.3 }
  s.animator:pointer{ phase = "began", x = 20, y = 300 }                 -- on empty space
  s.animator:pointer{ phase = "ended", x = 20, y = 300 }
  expect(s.demo.cancelled):toBe(true)
  local run = s.animator:run{ seconds = s.seconds, record = true }
  expect(run:item("pip")):toSettleAt(corners[2], 0.5)
  expect(run:item("pip")):toEndNear(corners[2], 0.5)
end)
