-- Examples/springy_list.lua: rows lag behind a scroll in proportion to their distance from the
-- finger, oscillate about their anchors, and settle back on them.

-- How far row i's track went above (min, negative) and below (max) its anchor, and where it is
-- relative to it at time t.
local function offsets(s, run, i)
  local t, y = run:item("row" .. i), s.anchors[i].y
  return t:min("y") - y, t:max("y") - y, t
end

test("the rows rest on their anchors until the scroll", function()
  local s = loadScene("../springy_list.lua")
  local run = s.animator:run{ seconds = s.scroll.time - 0.05, record = true }
  for i = 1, #s.rows do
    local up, down = offsets(s, run, i)
    expect(up, "row " .. i):toBeCloseTo(0, 1e-9)
    expect(down, "row " .. i):toBeCloseTo(0, 1e-9)
  end
end)

test("after the scroll the far rows lag most, and every row swings past its anchor", function()
  local s = loadScene("../springy_list.lua")
  local n = #s.rows
  local scrolled = s.scroll.time + s.scroll.duration
  local run = s.animator:run{ seconds = scrolled + 1.5, record = true }
  local first = {}
  for i = 1, n do
    local _, _, t = offsets(s, run, i)
    first[i] = t:at(scrolled).center.y - s.anchors[i].y           -- the scroll moves rows up (< 0) ...
  end
  for i = 2, n do expect(first[i], "row " .. i):toBeLessThan(first[i - 1]) end   -- the lag grows with distance
  expect(first[n]):toBeLessThan(-30)                                               -- a visible ripple
  for i = 1, n do
    local lag, overshoot = offsets(s, run, i)                      -- ... and the springs send them back down past it
    if lag < -5 then
      expect(overshoot, "row " .. i):toBeGreaterThan(0.2 * -lag)   -- damping 0.3 overshoots ≈ 37 %
    end
  end
  expect(run):toMatchGolden("springy_list_scroll", { tolerance = 0.5 })
end)

test("the rows settle back within 0.5 pt of their anchors, never turning or sliding sideways", function()
  local s = loadScene("../springy_list.lua")
  local run = s.animator:run{ seconds = s.seconds, record = true }
  for i, anchor in ipairs(s.anchors) do
    local t, label = run:item("row" .. i), "row " .. i
    expect(t, label):toSettleAt(anchor, 0.5)
    expect(t.last.speed, label):toBeLessThan(5)
    expect(t:max("x") - anchor.x, label):toBeLessThan(1e-6)
    expect(anchor.x - t:min("x"), label):toBeLessThan(1e-6)
    expect(t:max("angle"), label):toBe(0)
    expect(t:min("angle"), label):toBe(0)
  end
end)

test("a real touch stops the scripted scroll: the rows stay on their anchors", function()
  local s = loadScene("../springy_list.lua")
  s.animator:run{ seconds = 0.1 }
  s.animator:pointer{ phase = "began", x = 160, y = 400 }
  s.animator:pointer{ phase = "ended", x = 160, y = 400 }
  local run = s.animator:run{ seconds = s.scroll.time + s.scroll.duration + 0.5, record = true }
  for i = 1, #s.rows do
    local up, down = offsets(s, run, i)
    expect(up, "row " .. i):toBeCloseTo(0, 1e-6)
    expect(down, "row " .. i):toBeCloseTo(0, 1e-6)
  end
end)
