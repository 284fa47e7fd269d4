-- Examples/springy_list.lua: rows lag behind a scroll in proportion to their distance from the
-- finger, oscillate about their anchors, and settle back on them.
local dyn = require "dynamics"

local function offset(s, i) return s.rows[i].center.y - s.anchors[i].y end

test("the rows rest on their anchors until the scroll", function()
  local s = loadScene("../springy_list.lua")
  s.animator:run{ seconds = s.scroll.time - 0.05 }
  for i = 1, #s.rows do expect(offset(s, i)):toBeCloseTo(0, 1e-9) end
end)

test("after the scroll the far rows lag most, and every row swings past its anchor", function()
  local s = loadScene("../springy_list.lua")
  local n = #s.rows
  local lag, overshoot = {}, {}
  for i = 1, n do lag[i], overshoot[i] = 0, 0 end
  s.animator:addBehavior(dyn.behavior{ action = function()
    for i = 1, n do
      local d = offset(s, i)                  -- the scroll moves rows up (d < 0) ...
      lag[i] = math.min(lag[i], d)
      overshoot[i] = math.max(overshoot[i], d) -- ... and the springs send them back down past the anchor
    end
  end })
  s.animator:run{ seconds = s.scroll.time + s.scroll.duration }
  local first = {}
  for i = 1, n do first[i] = offset(s, i) end
  for i = 2, n do expect(first[i]):toBeLessThan(first[i - 1]) end     -- the lag grows with distance
  expect(first[n]):toBeLessThan(-30)                                    -- a visible ripple
  s.animator:run{ seconds = 1.5 }
  for i = 1, n do
    if lag[i] < -5 then
      expect(overshoot[i]):toBeGreaterThan(0.2 * -lag[i])              -- damping 0.3 overshoots ≈ 37 %
    end
  end
end)

test("the rows settle back within 0.5 pt of their anchors, never turning or sliding sideways", function()
  local s = loadScene("../springy_list.lua")
  local sideways = 0
  s.animator:addBehavior(dyn.behavior{ action = function()
    for i, row in ipairs(s.rows) do
      sideways = math.max(sideways, math.abs(row.center.x - s.anchors[i].x), math.abs(row.angle))
    end
  end })
  s.animator:run{ seconds = s.seconds }
  for i = 1, #s.rows do
    expect(math.abs(offset(s, i))):toBeLessThan(0.5)
    expect(math.abs(s.rows[i].velocity.y)):toBeLessThan(5)
  end
  expect(sideways):toBeLessThan(1e-6)
end)

test("a real touch stops the scripted scroll: the rows stay on their anchors", function()
  local s = loadScene("../springy_list.lua")
  s.animator:run{ seconds = 0.1 }
  s.animator:pointer{ phase = "began", x = 160, y = 400 }
  s.animator:pointer{ phase = "ended", x = 160, y = 400 }
  s.animator:run{ seconds = s.scroll.time + s.scroll.duration + 0.5 }
  for i = 1, #s.rows do expect(offset(s, i)):toBeCloseTo(0, 1e-6) end
end)
