-- Examples/facetime_pip.lua: after every flick the view comes to rest within 1 pt of the
-- nearest corner.
local function corner(s, name) local c = s.corners[name]; return { c.x, c.y } end

test("the view starts at rest in the top-right corner", function()
  local s = loadScene("../facetime_pip.lua")
  local pip = s.items.pip
  expect(pip.name):toBe("pip")
  local run = s.animator:run{ seconds = s.flicks[1].time - 0.05, record = true }
  expect(pip.mass):toBeCloseTo(0.01 * 90 * 160 / 10000, 1e-9)   -- density 0.01
  expect(run:item("pip")):toSettleAt(corner(s, "topRight"), 1)
  expect(s.cornerAt()):toBe("topRight")
end)

test("each flick ends within 1 pt of the nearest corner, the one it was flicked toward", function()
  local s = loadScene("../facetime_pip.lua")
  for i, flick in ipairs(s.flicks) do
    local stop = (s.flicks[i + 1] and s.flicks[i + 1].time or s.seconds) - 0.05
    local pip = s.animator:run{ seconds = stop - s.animator.elapsedTime, record = true }:item("pip")
    local label = "flick " .. i .. " (" .. flick.corner .. ")"
    expect(s.cornerAt(), label):toBe(flick.corner)
    expect(pip, label):toSettleAt(corner(s, flick.corner), 1)
    expect(pip:max("angle"), label):toBe(0)                       -- it never turns
    expect(pip:min("angle"), label):toBe(0)
    expect(pip.last.speed, label):toBeLessThan(5)                  -- settled (pt/s)
  end
end)

test("the view never leaves the screen while it flies", function()
  local s = loadScene("../facetime_pip.lua")
  local run = s.animator:run{ seconds = s.seconds, record = true }
  expect(run:item("pip")):toStayInside(s.bounds)
  expect(run):toMatchGolden("facetime_pip_flicks", { tolerance = 0.5 })
end)

test("a real touch stops the scripted flicks: the view stays in its corner", function()
  local s = loadScene("../facetime_pip.lua")
  s.animator:run{ seconds = s.flicks[1].time - 0.5 }
  -- A press and release away from the view (nothing to drag), then past every scripted flick.
  s.animator:pointer{ phase = "began", x = 20, y = 540 }
  s.animator:pointer{ phase = "ended", x = 20, y = 540 }
  local run = s.animator:run{ seconds = s.flicks[#s.flicks].time + 1, record = true }
  expect(run:item("pip")):toEndNear(corner(s, "topRight"), 1)
  expect(run:item("pip")):toSettleAt(corner(s, "topRight"), 1)
end)
