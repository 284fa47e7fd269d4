-- Examples/bottom_sheet.lua: the fling's projection picks the nearest detent, the spring takes
-- the sheet there keeping the fling's velocity, and past the top the drag rubber-bands.
local dyn = require "dynamics"
local probe = require "probe"

local W, H = 375, 667
local function scene()
  local s = loadScene("../bottom_sheet.lua")
  s.demo:cancel()                       -- the tests script their own gestures
  return s, s.animator
end
-- The sheet's center when its top edge is at `top`.
local function at(top) return { W / 2, top + H / 2 } end
-- A drag by the sheet's handle, 30 pt below its top, run to its release.
local function grab(s, by, duration, release)
  probe.drag(s.animator, { from = {W / 2, s.top() + 30}, by = {0, by}, duration = duration, release = release })
end

test("a gentle flick up lands on half, overshooting less than 1 pt, and the animator pauses", function()
  local s, a = scene()
  grab(s, -90, 0.3)                                                  -- 300 pt/s: projects 150 pt
  local run = a:run{ untilPaused = true, seconds = 5, record = true }
  local sheet = run:item("sheet")
  expect(sheet.first.velocity.y):toBeCloseTo(-300, 1e-6)            -- released with the finger's
  expect(sheet):toNeverOvershoot(at(s.detents.half), 1)              -- measured 0.6 pt
  expect(sheet):toSettleAt(at(s.detents.half), 0.5, { within = 2 })
  expect(run):toComeToRest()
  expect(sheet:min("x")):toBe(W / 2)                                 -- it never moved sideways
  expect(sheet:max("x")):toBe(W / 2)
  expect(run):toMatchGolden("sheet_flick_to_half", { tolerance = 0.5 })
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
    local run = a:run{ untilPaused = true, seconds = 5, record = true }
    expect(run:item("sheet"), f[3]):toEndNear(at(d[f[3]]), 0.5)
    expect(run, f[3]):toComeToRest()
  end
end)

test("past the top the sheet follows the rubber band, then springs to full", function()
  local s, a = scene()
  grab(s, -650, 0.5, "stop")                                         -- collapsed, 590 pt past full
  local past = s.detents.full - (s.detents.collapsed - 650)          -- held still: where the band puts it
  expect(s.top()):toBeCloseTo(s.detents.full - dyn.gesture.rubberBand(past, 667), 1e-6)
  local run = a:run{ untilPaused = true, seconds = 5, record = true }
  expect(run:item("sheet")):toSettleAt(at(s.detents.full), 0.5)
  expect(run:item("sheet")):toNeverOvershoot(at(s.detents.full), 1)  -- coming down, it stops on full
end)

test("the demo: half, full, collapsed, and the animator pauses", function()
  local s = loadScene("../bottom_sheet.lua")
  local run = s.animator:run{ untilPaused = true, seconds = s.seconds, record = true }
  local sheet = run:item("sheet")
  expect(sheet:at(1.9).center):toBeCloseTo(at(s.detents.half), 0.5)
  expect(sheet:at(3.9).center):toBeCloseTo(at(s.detents.full), 0.5)
  expect(sheet):toSettleAt(at(s.detents.collapsed), 0.5)
  expect(run):toComeToRest{ within = s.seconds }
  expect(run):toMatchGolden("sheet_demo", { tolerance = 0.5 })
end)
