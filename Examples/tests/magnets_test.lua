-- Examples/magnets.lua: like charges repel, opposite charges attract, a neutral item stays, and
-- the magnetic field bends the moving charge into a circle.
local function distance(p, q) return math.sqrt((p.x - q.x) ^ 2 + (p.y - q.y) ^ 2) end

test("like charges repel, opposite charges attract, a neutral item is left alone", function()
  local s = loadScene("../magnets.lua")
  local i = s.items
  local center = i.nucleus.center
  local d0p, d0n = distance(i.positive.center, center), distance(i.negative.center, center)
  local neutral0 = { x = i.neutral.center.x, y = i.neutral.center.y }
  s.animator:run{ seconds = 0.2 }
  expect(distance(i.positive.center, center)):toBeGreaterThan(d0p + 5)
  expect(distance(i.negative.center, center)):toBeLessThan(d0n - 5)
  expect(i.positive.velocity.y):toBeLessThan(0)          -- away from the nucleus: up
  expect(i.negative.velocity.y):toBeLessThan(0)          -- toward it: up as well
  expect(math.abs(i.positive.velocity.x) + math.abs(i.negative.velocity.x)):toBeLessThan(1e-6)
  expect(distance(i.neutral.center, neutral0)):toBeLessThan(1e-9)
end)

test("the repelled charge ends against the ceiling, the attracted one on the nucleus", function()
  local s = loadScene("../magnets.lua")
  local i = s.items
  s.animator:run{ seconds = s.seconds }
  expect(i.positive.center.y):toBeCloseTo(15, 0.5)                               -- radius 15
  expect(i.positive.center.x):toBeCloseTo(200, 0.5)
  expect(distance(i.negative.center, i.nucleus.center)):toBeCloseTo(20 + 15, 0.5)  -- touching
  expect(i.negative.center.y):toBeGreaterThan(i.nucleus.center.y)               -- below it
  expect(i.nucleus.center.x):toBe(200); expect(i.nucleus.center.y):toBe(300)    -- anchored
  expect(i.neutral.center.x):toBe(80); expect(i.neutral.center.y):toBe(300)
end)

test("the magnetic field turns the ion round a circle of radius v·m/S, counterclockwise", function()
  local s = loadScene("../magnets.lua")
  local ion, c, R, v = s.items.ion, s.ion.center, s.ion.radius, s.ion.speed
  local worst = 0
  s.animator:addBehavior(require("dynamics").behavior{ action = function()
    worst = math.max(worst, math.abs(distance(ion.center, c) - R))
  end })
  local period = 2 * math.pi * R / v                      -- 2π·m/S ≈ 2.51 s
  s.animator:run{ seconds = period / 4 }
  expect(ion.mass):toBeCloseTo(math.pi * 10 ^ 2 / 10000, 1e-9)               -- a 20 pt disc
  expect(s.fields.magnetic.strength):toBeCloseTo(ion.mass * v / R, 1e-12)
  expect(ion.center.x):toBeCloseTo(c.x + R, 5)            -- right of the center, moving up:
  expect(ion.center.y):toBeCloseTo(c.y, 5)                -- counterclockwise on screen
  expect(ion.velocity.y):toBeCloseTo(-v, 0.05 * v)
  s.animator:run{ seconds = period / 4 }
  expect(ion.center.x):toBeCloseTo(c.x, 10)               -- at the top, moving left
  expect(ion.center.y):toBeCloseTo(c.y - R, 10)
  expect(ion.velocity.x):toBeCloseTo(-v, 0.05 * v)
  s.animator:run{ seconds = period / 2 }                  -- a whole turn
  -- The field's force is applied as a velocity change at the start of each 1/120 s step, so
  -- the speed grows by a factor √(1 + (ω·h)²) per step: about 6.5 % per turn here
  -- (ω = 2.5 rad/s), and the circle widens by about as much.
  expect(worst):toBeLessThan(0.08 * R)
  expect(math.sqrt(ion.velocity.x ^ 2 + ion.velocity.y ^ 2)):toBeCloseTo(v, 0.08 * v)
  expect(distance(ion.center, { x = c.x, y = c.y + R })):toBeLessThan(0.15 * R)  -- back where it started
end)
