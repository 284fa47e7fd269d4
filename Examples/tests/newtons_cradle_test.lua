-- Examples/newtons_cradle.lua: the first ball's momentum passes through the row.
local dyn = require "dynamics"

-- The angle (radians, positive to the right) of ball i's rod from the vertical.
local function swing(s, i)
  local b, a = s.balls[i], s.anchors[i]
  return math.atan(b.center.x - a.x, b.center.y - a.y)
end

local function speed(b) return math.sqrt(b.velocity.x ^ 2 + b.velocity.y ^ 2) end

test("after the first impact the last ball swings out while the first is nearly at rest", function()
  local s = loadScene("../newtons_cradle.lua")
  local first, last = s.balls[1], s.balls[#s.balls]
  -- Find the first impact: the first ball's speed before it, the time it happens.
  local impact, speedBefore, prev
  s.animator:addBehavior(dyn.behavior{ action = function()
    if not impact and prev and speed(first) < 0.5 * prev then impact = s.animator.elapsedTime; speedBefore = prev end
    prev = speed(first)
  end })
  s.animator:run{ seconds = 1.5 }
  expect(impact):toBeTruthy()
  -- a quarter period later the last ball is at the top of its swing
  local quarter = 0.5 * math.pi * math.sqrt(s.length / 1000)
  s.animator:run{ seconds = impact + quarter - s.animator.elapsedTime }
  expect(swing(s, #s.balls)):toBeGreaterThan(0.8 * s.pullBack)            -- the last ball swings out ...
  expect(math.abs(swing(s, 1))):toBeLessThan(0.1 * s.pullBack)            -- ... the first stays put
  expect(speed(first)):toBeLessThan(0.1 * speedBefore)
  for i = 2, #s.balls - 1 do expect(math.abs(swing(s, i))):toBeLessThan(0.1 * s.pullBack) end
end)

test("the last ball rises nearly as high as the first was raised", function()
  local s = loadScene("../newtons_cradle.lua")
  local widest = 0
  s.animator:addBehavior(dyn.behavior{ action = function()
    widest = math.max(widest, swing(s, #s.balls))
  end })
  s.animator:run{ seconds = 1.8 }
  expect(widest):toBeCloseTo(s.pullBack, 0.1 * s.pullBack)
end)

test("the momentum comes back: the first ball swings out again", function()
  local s = loadScene("../newtons_cradle.lua")
  local back = 0
  s.animator:addBehavior(dyn.behavior{ action = function()
    if s.animator.elapsedTime > 2 then back = math.min(back, swing(s, 1)) end
  end })
  s.animator:run{ seconds = s.seconds }
  expect(-back):toBeGreaterThan(0.7 * s.pullBack)
end)
