-- Examples/blockman.lua: the figure falls, follows the scripted taps, and holds together.
local dyn = require "dynamics"

-- A point given as an offset from an item's center, in the scene (rotation clockwise, y down).
local function worldPoint(item, offset)
  local c, s = math.cos(item.angle), math.sin(item.angle)
  local ox, oy = offset[1], offset[2]
  return item.center.x + c * ox - s * oy, item.center.y + s * ox + c * oy
end

-- How far (pt) a joint's rod is stretched or compressed: the distance between the two points
-- it ties together, less its length.
local function gap(j)
  local ax, ay = worldPoint(j.item, j.offset)
  local bx, by = worldPoint(j.to, j.offsetTo)
  return math.abs(math.sqrt((ax - bx) ^ 2 + (ay - by) ^ 2) - j.behavior.length)
end

-- The item's extent on screen: its rotated rectangle (or the head's circle).
local function extent(item)
  local w, h = item.size.width, item.size.height
  if item.name == "head" then
    return item.center.x - w / 2, item.center.y - h / 2, item.center.x + w / 2, item.center.y + h / 2
  end
  local minX, minY, maxX, maxY = math.huge, math.huge, -math.huge, -math.huge
  for _, corner in ipairs{ {-w / 2, -h / 2}, {w / 2, -h / 2}, {w / 2, h / 2}, {-w / 2, h / 2} } do
    local x, y = worldPoint(item, corner)
    minX, minY, maxX, maxY = math.min(minX, x), math.min(minY, y), math.max(maxX, x), math.max(maxY, y)
  end
  return minX, minY, maxX, maxY
end

-- The figure's extent over all its parts.
local function figure(s)
  local minX, minY, maxX, maxY = math.huge, math.huge, -math.huge, -math.huge
  for _, item in ipairs(s.parts) do
    local a, b, c, d = extent(item)
    minX, minY, maxX, maxY = math.min(minX, a), math.min(minY, b), math.max(maxX, c), math.max(maxY, d)
  end
  return minX, minY, maxX, maxY
end

local function expectHeldTogether(s, tolerance)
  for _, j in ipairs(s.joints) do
    local g = gap(j)
    if g > tolerance then error(string.format("joint %s is %.2f pt apart (tolerance %.1f)", j.name, g, tolerance), 2) end
  end
end

local function expectInside(s, slack)
  local W, H = s.bounds[3], s.bounds[4]
  local minX, minY, maxX, maxY = figure(s)
  expect(minX):toBeGreaterThan(-slack); expect(minY):toBeGreaterThan(-slack)
  expect(maxX):toBeLessThan(W + slack); expect(maxY):toBeLessThan(H + slack)
end

test("Block Man falls onto the floor and holds together", function()
  local s = loadScene("../blockman.lua")
  expect(s.seconds):toBeGreaterThan(s.taps[#s.taps].time)
  expect(#s.parts):toBe(9)
  for name, item in pairs(s.items) do expect(item.name):toBe(name) end
  s.animator:run{ seconds = s.taps[1].time - 0.1 }
  local _, _, _, maxY = figure(s)
  expect(maxY):toBeCloseTo(568, 1)                    -- lying on the floor before the first tap
  expectInside(s, 0.5)
  expectHeldTogether(s, 2)
end)

test("Block Man follows every tap: ceiling, left wall, right wall, floor", function()
  local s = loadScene("../blockman.lua")
  local W, H = s.bounds[3], s.bounds[4]
  -- Where the figure rests just before the next tap (or the end), per tap.
  local checks = {
    function(minX, minY, maxX, maxY) expect(minY):toBeCloseTo(0, 1) end,             -- ceiling
    function(minX, minY, maxX, maxY) expect(minX):toBeCloseTo(0, 1) end,             -- left wall
    function(minX, minY, maxX, maxY) expect(maxX):toBeCloseTo(W, 1) end,             -- right wall
    function(minX, minY, maxX, maxY) expect(maxY):toBeCloseTo(H, 1) end,             -- floor
  }
  for i, tap in ipairs(s.taps) do
    local stop = (s.taps[i + 1] and s.taps[i + 1].time or s.seconds) - 0.1
    s.animator:run{ seconds = stop - s.animator.elapsedTime }
    checks[i](figure(s))
    expectInside(s, 0.5)
    expectHeldTogether(s, 2)
  end
  expect(s.gravity.direction.y):toBeCloseTo(1, 0.01)
end)

test("at the end Block Man rests on the floor inside the bounds, every joint closed", function()
  local s = loadScene("../blockman.lua")
  s.animator:run{ seconds = s.seconds }
  expectInside(s, 0.5)
  expectHeldTogether(s, 2)
  for _, item in ipairs(s.parts) do
    expect(math.abs(item.velocity.x) + math.abs(item.velocity.y)):toBeLessThan(5)  -- at rest (pt/s)
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
  local worstGap, fastest = 0, 0
  s.animator:addBehavior(dyn.behavior{ action = function()
    for _, j in ipairs(s.joints) do worstGap = math.max(worstGap, gap(j)) end
    for _, item in ipairs(s.parts) do
      fastest = math.max(fastest, math.sqrt(item.velocity.x ^ 2 + item.velocity.y ^ 2))
    end
  end })
  s.animator:run{ seconds = s.seconds }
  expect(worstGap):toBeLessThan(8)          -- momentarily, at impacts; at rest they close (above)
  expect(fastest):toBeLessThan(2500)        -- a fall across the screen reaches about 1100 pt/s
end)

test("a real tap stops the scripted taps: gravity keeps the tapped direction", function()
  local s = loadScene("../blockman.lua")
  s.animator:run{ seconds = 1 }
  -- A tap on the background, left of the middle: gravity turns left, and the script is over.
  local handled = s.animator:pointer{ phase = "began", x = 10, y = 284 }
  s.animator:pointer{ phase = "ended", x = 10, y = 284 }
  expect(handled):toBe(true)
  expect(s.gravity.direction.x):toBeCloseTo(-1, 1e-9)
  s.animator:run{ seconds = s.taps[#s.taps].time + 1 - 1 }   -- past every scripted tap
  expect(s.gravity.direction.x):toBeCloseTo(-1, 1e-9)
  expect(s.gravity.direction.y):toBeCloseTo(0, 1e-9)
end)
