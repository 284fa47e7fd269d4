-- Examples/blockman.lua: the figure falls, follows the scripted taps, and holds together.

-- A point given as an offset from an item's center, in the scene (rotation clockwise, y down):
-- `s` is an item or a state of a record's track (both have center and angle).
local function worldPoint(s, offset)
  local c, n = math.cos(s.angle), math.sin(s.angle)
  local ox, oy = offset[1], offset[2]
  return s.center.x + c * ox - n * oy, s.center.y + n * ox + c * oy
end

-- How far (pt) a joint's rod is stretched or compressed: the distance between the two points
-- it ties together, less its length; `a` and `b` are the states of its two items.
local function gap(j, a, b)
  local ax, ay = worldPoint(a, j.offset)
  local bx, by = worldPoint(b, j.offsetTo)
  return math.abs(math.sqrt((ax - bx) ^ 2 + (ay - by) ^ 2) - j.behavior.length)
end

-- The figure's extent on screen now: each part's rotated rectangle (or the head's circle).
local function figure(s)
  local minX, minY, maxX, maxY = math.huge, math.huge, -math.huge, -math.huge
  for _, item in ipairs(s.parts) do
    local w, h = item.size.width, item.size.height
    local corners = item.name == "head" and { {-w / 2, 0}, {w / 2, 0}, {0, -h / 2}, {0, h / 2} }
      or { {-w / 2, -h / 2}, {w / 2, -h / 2}, {w / 2, h / 2}, {-w / 2, h / 2} }
    for _, corner in ipairs(corners) do
      local x, y = worldPoint(item.name == "head" and { center = item.center, angle = 0 } or item, corner)
      minX, minY, maxX, maxY = math.min(minX, x), math.min(minY, y), math.max(maxX, x), math.max(maxY, y)
    end
  end
  return minX, minY, maxX, maxY
end

-- The worst joint gap over every frame of `run` (and when it happened).
local function worstGap(s, run)
  local worst, at, name = 0, nil, nil
  local tracks = {}
  for _, item in ipairs(s.parts) do tracks[item.name] = run:item(item) end
  for _, time in ipairs(run.times) do
    for _, j in ipairs(s.joints) do
      local g = gap(j, tracks[j.item.name]:at(time), tracks[j.to.name]:at(time))
      if g > worst then worst, at, name = g, time, j.name end
    end
  end
  return worst, at, name
end

-- Every part stays on screen through the run (an impact may push one into a wall for a few
-- frames: 1.5 pt at 8.683 s, the worst, so 2 pt are allowed), and at its end the figure is
-- inside the bounds (within 0.5 pt) with every joint closed within `tolerance` pt.
local function expectInsideAndTogether(s, run, tolerance)
  local b = s.bounds
  for _, item in ipairs(s.parts) do expect(run:item(item)):toStayInside{ b[1] - 1.5, b[2] - 1.5, b[3] + 3, b[4] + 3 } end
  local minX, minY, maxX, maxY = figure(s)
  expect(minX):toBeGreaterThan(b[1] - 0.5); expect(minY):toBeGreaterThan(b[2] - 0.5)
  expect(maxX):toBeLessThan(b[1] + b[3] + 0.5); expect(maxY):toBeLessThan(b[2] + b[4] + 0.5)
  for _, j in ipairs(s.joints) do
    expect(gap(j, j.item, j.to), j.name):toBeLessThan(tolerance)
  end
end

test("Block Man falls onto the floor and holds together", function()
  local s = loadScene("../blockman.lua")
  expect(s.seconds):toBeGreaterThan(s.taps[#s.taps].time)
  expect(#s.parts):toBe(9)
  for name, item in pairs(s.items) do expect(item.name):toBe(name) end
  local run = s.animator:run{ seconds = s.taps[1].time - 0.1, record = true }
  local _, _, _, maxY = figure(s)
  expect(maxY):toBeCloseTo(568, 1)                    -- lying on the floor before the first tap
  expectInsideAndTogether(s, run, 2)
  expect(run):toMatchGolden("blockman_fall", { tolerance = 0.5, stride = 3 })
end)

test("Block Man follows every tap: ceiling, left wall, right wall, floor", function()
  local s = loadScene("../blockman.lua")
  local W, H = s.bounds[3], s.bounds[4]
  -- Where the figure rests just before the next tap (or the end), per tap.
  local checks = {
    function(minX, minY, maxX, maxY) expect(minY, "ceiling"):toBeCloseTo(0, 1) end,
    function(minX, minY, maxX, maxY) expect(minX, "left wall"):toBeCloseTo(0, 1) end,
    function(minX, minY, maxX, maxY) expect(maxX, "right wall"):toBeCloseTo(W, 1) end,
    function(minX, minY, maxX, maxY) expect(maxY, "floor"):toBeCloseTo(H, 1) end,
  }
  for i, tap in ipairs(s.taps) do
    local stop = (s.taps[i + 1] and s.taps[i + 1].time or s.seconds) - 0.1
    local run = s.animator:run{ seconds = stop - s.animator.elapsedTime, record = true }
    checks[i](figure(s))
    expectInsideAndTogether(s, run, 2)
  end
  expect(s.gravity.direction.y):toBeCloseTo(1, 0.01)
end)

test("at the end Block Man rests on the floor inside the bounds, every joint closed", function()
  local s = loadScene("../blockman.lua")
  local run = s.animator:run{ seconds = s.seconds, record = true }
  expectInsideAndTogether(s, run, 2)
  for _, item in ipairs(s.parts) do
    expect(run:item(item).last.speed, item.name):toBeLessThan(5)   -- at rest (pt/s)
  end
end)

test("the head is bouncier than the rest of the body", function()
  local s = loadScene("../blockman.lua")
  expect(s.headProps.items[1]):toBe(s.items.head)
  expect(#s.bodyProps.items):toBe(8)
  expect(s.headProps.elasticity):toBeGreaterThan(s.bodyProps.elasticity)
end)

test("Block Man never flies apart: at every frame joints hold within 8 pt, no part faster than 2500 pt/s", function()
  local s = loadScene("../blockman.lua")
  local run = s.animator:run{ seconds = s.seconds, record = true }
  local worst, at, name = worstGap(s, run)
  expect(worst, string.format("%s at t = %.3f s", name, at or 0)):toBeLessThan(8)   -- momentarily, at impacts
  for _, item in ipairs(s.parts) do
    local fastest, when = run:item(item):max("speed")
    expect(fastest, string.format("%s at t = %.3f s", item.name, when)):toBeLessThan(2500)   -- a fall across the screen: about 1100 pt/s
  end
end)

test("a real tap stops the scripted taps: gravity keeps the tapped direction", function()
  local s = loadScene("../blockman.lua")
  s.animator:run{ seconds = 1 }
  -- A tap on the background, left of the middle: gravity turns left, and the script is over.
  local handled = s.animator:pointer{ phase = "began", x = 10, y = 284 }
  s.animator:pointer{ phase = "ended", x = 10, y = 284 }
  expect(handled):toBe(true)
  expect(s.gravity.direction.x):toBeCloseTo(-1, 1e-9)
  local run = s.animator:run{ seconds = s.taps[#s.taps].time + 1 - 1, record = true }   -- past every scripted tap
  expect(s.gravity.direction.x):toBeCloseTo(-1, 1e-9)
  expect(s.gravity.direction.y):toBeCloseTo(0, 1e-9)
  local minX = figure(s)
  expect(minX, "on the left wall"):toBeCloseTo(0, 1)
  for _, item in ipairs(s.parts) do expect(run:item(item)):toStayInside(s.bounds) end
end)
