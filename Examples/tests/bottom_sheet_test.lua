-- Examples/bottom_sheet.lua: the fling's projection picks the nearest detent, the spring takes
-- the sheet there keeping the fling's velocity, and past the top the drag rubber-bands.
local dyn = require "dynamics"
local probe = require "probe"

local function scene()
  local s = loadScene("../bottom_sheet.lua")
  s.demo:cancel()                       -- the tests script their own gestures
  return s, s.animator
end
local function grab(s, by, duration, release)   -- a drag by the sheet's handle, 30 pt below its top
  probe.drag(s.animator, { from = {187.5, s.top() + 30}, by = {0, by}, duration = duration, release = release })
end

test("a gentle flick up lands on half, overshooting less than 1 pt, and the animator pauses", function()
  local s, a = scene()
  grab(s, -90, 0.3)                                                  -- 300 pt/s: projects 150 pt
  expect(s.sheet.velocity.y):toBeCloseTo(-300, 1e-6)                -- released with the finger's
  local highest = s.top()
  probe.watch(a, 2, function() highest = math.min(highest, s.top()) end)
  expect(s.detents.half - highest):toBeLessThan(1)                   -- measured 0.6 pt
  expect(s.top()):toBeCloseTo(s.detents.half, 0.5)
  a:run{ untilPaused = true, seconds = 5 }
  expect(a.isRunning):toBe(false)
  expect(s.sheet.center.x):toBe(187.5)                               -- it never moved sideways
end)

test("the release velocity picks the detent: project, then nearest", function()
  -- From half: drags of `by` pt in `duration` s, and where each lands.
  for _, f in ipairs{ { -40, 0.4, "half" }, { -60, 0.1, "full" }, { 60, 0.1, "collapsed" }, { 40, 0.5, "half" } } do
    local s, a = scene()
    grab(s, -90, 0.3); a:run{ untilPaused = true, seconds = 5 }     -- to half
    local d = s.detents
    local v = f[1] / f[2]
    expect(dyn.gesture.nearest(s.top() + f[1] + dyn.gesture.project(v), { d.full, d.half, d.collapsed })):toBe(d[f[3]])
    grab(s, f[1], f[2])
    a:run{ untilPaused = true, seconds = 5 }
    expect(s.top()):toBeCloseTo(d[f[3]], 0.5)
  end
end)

test("past the top the sheet follows the rubber band, then springs to full", function()
  local s, a = scene()
  grab(s, -650, 0.5, "stop")                                         -- collapsed, 590 pt past full
  local past = s.detents.full - (s.detents.collapsed - 650)          -- held still: where the band puts it
  expect(s.top()):toBeCloseTo(s.detents.full - dyn.gesture.rubberBand(past, 667), 1e-6)
  a:run{ untilPaused = true, seconds = 5 }
  expect(s.top()):toBeCloseTo(s.detents.full, 0.5)
end)

test("the demo: half, full, collapsed, and the animator pauses", function()
  local s = loadScene("../bottom_sheet.lua")
  local a = s.animator
  a:run{ seconds = 1.9 };  expect(s.top()):toBeCloseTo(s.detents.half, 0.5)
  a:run{ seconds = 2.0 };  expect(s.top()):toBeCloseTo(s.detents.full, 0.5)
  a:run{ untilPaused = true, seconds = 3 }
  expect(s.top()):toBeCloseTo(s.detents.collapsed, 0.5)
  expect(a.isRunning):toBe(false)
end)
