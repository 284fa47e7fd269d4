-- Examples/push.lua: the pushed items reach the speeds docs/units.md gives.
local function speed(item) return math.sqrt(item.velocity.x ^ 2 + item.velocity.y ^ 2) end

test("the continuous push accelerates the rocket at 100·m/mass while it burns, then it coasts", function()
  local s = loadScene("../push.lua")
  local rocket = s.items.rocket
  expect(rocket.mass):toBeCloseTo(0.25, 1e-12)
  s.animator:run{ seconds = 0.5 }
  expect(rocket.velocity.x):toBeCloseTo(100 * 0.5 / 0.25 * 0.5, 1)    -- 100 pt/s at half the burn
  s.animator:run{ seconds = s.seconds - 0.5 }
  expect(s.pushes.thrust.active):toBe(false)
  expect(rocket.velocity.x):toBeCloseTo(200, 1)                        -- 200 pt/s² for 1 s
  expect(rocket.velocity.y):toBeCloseTo(0, 1e-9)
  -- 100 pt while burning, then 200 pt/s for the remaining 2 s
  expect(rocket.center.x):toBeCloseTo(50 + 100 + 200 * (s.seconds - s.times.burn), 2)
end)

test("the instantaneous push gives the puck 100·0.2/mass ≈ 159 pt/s once, at its time", function()
  local s = loadScene("../push.lua")
  local puck = s.items.puck
  s.animator:run{ seconds = s.times.strike - 0.05 }
  expect(speed(puck)):toBe(0)
  s.animator:run{ seconds = 0.2 }
  expect(s.pushes.strike.active):toBe(false)                           -- it turned itself off
  expect(puck.mass):toBeCloseTo(math.pi * 20 ^ 2 / 10000, 1e-9)        -- a disc
  expect(speed(puck)):toBeCloseTo(100 * 0.2 / puck.mass, 1e-6)         -- ≈ 159 pt/s
  expect(puck.velocity.y / puck.velocity.x):toBeCloseTo(math.tan(math.pi / 6), 1e-6)
  s.animator:run{ seconds = s.seconds - s.animator.elapsedTime }
  expect(speed(puck)):toBeCloseTo(100 * 0.2 / puck.mass, 1e-6)         -- and nothing more
end)

test("the off-center push makes the bar rise at 100 pt/s and spin counterclockwise", function()
  local s = loadScene("../push.lua")
  local bar = s.items.bar
  s.animator:run{ seconds = s.times.flick + 0.1 }
  expect(bar.velocity.x):toBeCloseTo(0, 1e-6)
  expect(bar.velocity.y):toBeCloseTo(-100 * 0.2 / bar.mass, 1e-6)      -- −100 pt/s
  -- Δω = r × J / I with r = (40, 0) pt, J = (0, −100·0.2), I = m·(w² + h²)/12
  local I = bar.mass * (100 ^ 2 + 20 ^ 2) / 12
  local expected = 40 * (-100 * 0.2) / I                                -- ≈ −4.62 rad/s
  expect(bar.angularVelocity):toBeCloseTo(expected, 0.05 * math.abs(expected))
  s.animator:run{ seconds = s.seconds - s.animator.elapsedTime }
  expect(bar.angle):toBeLessThan(-1)                                    -- it kept turning
end)
