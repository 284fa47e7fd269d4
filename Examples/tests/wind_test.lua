-- Examples/wind.lua: the wind plugin with gravity and collision drives the light items downwind.
test("the wind is the plugin, with the scene's strength and direction", function()
  local s = loadScene("../wind.lua")
  expect(s.wind.strength):toBe(0.4)
  expect(s.wind.direction[1]):toBe(1)
  expect(#s.wind.items):toBe(3)
end)

test("the crate and the ball end downwind, resting on the floor against the right wall", function()
  local s = loadScene("../wind.lua")
  local W, H = s.bounds[3], s.bounds[4]
  local crate, ball = s.items.crate, s.items.ball
  s.animator:run{ seconds = s.seconds }
  expect(crate.center.y):toBeCloseTo(H - 20, 0.5)          -- on the floor
  expect(ball.center.y):toBeCloseTo(H - 15, 0.5)
  expect(crate.center.x):toBeGreaterThan(W - 120)          -- downwind, near the right wall
  expect(ball.center.x):toBeGreaterThan(W - 120)
  expect(math.max(crate.center.x + 20, ball.center.x + 15)):toBeCloseTo(W, 0.5)  -- one touches the wall
  expect(math.abs(crate.velocity.x) + math.abs(crate.velocity.y)):toBeLessThan(2)
  local r = crate.angle % (math.pi / 2)                     -- flat on a side, either way round
  expect(math.min(r, math.pi / 2 - r)):toBeLessThan(0.02)
end)

test("the crate slides downwind, faster during the gust", function()
  local s = loadScene("../wind.lua")
  local crate = s.items.crate
  -- Sliding on the floor: wind 100·F/m minus friction μ·g = 0.2·1000 minus resistance 0.1·v.
  local function acceleration(seconds)
    local v0 = crate.velocity.x
    s.animator:run{ seconds = seconds }
    local v1 = crate.velocity.x
    return (v1 - v0) / seconds, (v0 + v1) / 2
  end
  s.animator:run{ seconds = 1.2 }                                   -- landed, sliding
  expect(crate.center.y):toBeCloseTo(380, 0.5)
  local a, v = acceleration(0.6)                                    -- the breeze: 250 − 200
  expect(a):toBeCloseTo(50 - 0.1 * v, 3)
  s.animator:run{ seconds = s.gust.from - s.animator.elapsedTime }
  a, v = acceleration(0.5)                                          -- the gust: 500 − 200
  expect(a):toBeCloseTo(300 - 0.1 * v, 3)
end)

test("friction holds the heavy anvil against the wind", function()
  local s = loadScene("../wind.lua")
  local anvil = s.items.anvil
  local x0 = anvil.center.x
  s.animator:run{ seconds = s.seconds }
  expect(math.abs(anvil.center.x - x0)):toBeLessThan(1)
  expect(anvil.center.y):toBeCloseTo(s.bounds[4] - 20, 0.5)
end)
