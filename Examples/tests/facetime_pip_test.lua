-- Examples/facetime_pip.lua: after every flick the view comes to rest within 1 pt of the
-- nearest corner.
local function distance(p, q) return math.sqrt((p.x - q.x) ^ 2 + (p.y - q.y) ^ 2) end

local function nearestCorner(s, p)
  local best, bestDistance
  for name, c in pairs(s.corners) do
    local d = distance(p, c)
    if not bestDistance or d < bestDistance then best, bestDistance = name, d end
  end
  return best
end

test("the view starts at rest in the top-right corner", function()
  local s = loadScene("../facetime_pip.lua")
  local pip = s.items.pip
  expect(pip.name):toBe("pip")
  s.animator:run{ seconds = s.flicks[1].time - 0.05 }
  expect(pip.mass):toBeCloseTo(0.01 * 90 * 160 / 10000, 1e-9)   -- density 0.01
  expect(distance(pip.center, s.corners.topRight)):toBeLessThan(1)
  expect(s.cornerAt()):toBe("topRight")
end)

test("each flick ends within 1 pt of the nearest corner, the one it was flicked toward", function()
  local s = loadScene("../facetime_pip.lua")
  local pip = s.items.pip
  for i, flick in ipairs(s.flicks) do
    local stop = (s.flicks[i + 1] and s.flicks[i + 1].time or s.seconds) - 0.05
    s.animator:run{ seconds = stop - s.animator.elapsedTime }
    local corner = s.corners[flick.corner]
    expect(s.cornerAt()):toBe(flick.corner)
    expect(nearestCorner(s, pip.center)):toBe(flick.corner)
    expect(distance(pip.center, corner)):toBeLessThan(1)
    expect(math.abs(pip.angle)):toBeLessThan(1e-9)                  -- it never turns
    expect(math.sqrt(pip.velocity.x ^ 2 + pip.velocity.y ^ 2)):toBeLessThan(5)   -- settled (pt/s)
  end
end)

test("the view never leaves the screen while it flies", function()
  local s = loadScene("../facetime_pip.lua")
  local pip = s.items.pip
  local worst = 0
  s.animator:addBehavior(require("dynamics").behavior{ action = function()
    local c = pip.center
    worst = math.max(worst, 45 - c.x, c.x - (375 - 45), 80 - c.y, c.y - (667 - 80))
  end })
  s.animator:run{ seconds = s.seconds }
  expect(worst):toBeLessThan(0.5)
end)

test("a real touch stops the scripted flicks: the view stays in its corner", function()
  local s = loadScene("../facetime_pip.lua")
  local pip = s.items.pip
  s.animator:run{ seconds = s.flicks[1].time - 0.5 }
  -- A press and release away from the view (nothing to drag), then past every scripted flick.
  s.animator:pointer{ phase = "began", x = 20, y = 540 }
  s.animator:pointer{ phase = "ended", x = 20, y = 540 }
  s.animator:run{ seconds = s.flicks[#s.flicks].time + 1 }
  expect(distance(pip.center, s.corners.topRight)):toBeLessThan(1)
end)
