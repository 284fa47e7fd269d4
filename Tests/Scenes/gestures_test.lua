-- Scripted gestures and the pointer (docs/lua-api.md, "Scripted gestures", "Pointer events").
local dyn = require "dynamics"
local h = 1 / 120

local function scene()
  local a = dyn.animator{ bounds = {0, 0, 800, 600} }
  local box = dyn.item{ center = {100, 100}, size = {60, 60}, name = "box" }
  a:addBehavior(dyn.itemBehavior{ items = {box}, resistance = 0 })
  return a, box
end

test("a scripted drag produces a person's events on the internal steps and flings the item", function()
  local a, box = scene()
  local events = {}
  a.onPointer = function(e) events[#events + 1] = e end
  local g = a:drag{ item = box, by = {200, 0}, at = 0.5, duration = 0.25 }
  a:run{ seconds = 0.9 }
  expect(g.done):toBe(true)
  expect(events[1].phase):toBe("began")
  expect(events[1].item):toBe(box)
  expect(events[1].scripted):toBe(true)
  -- At 0.5 s: after the internal step that ends there.
  expect(events[1].time, "began at"):toBeCloseTo(0.5, 1e-9)
  local moved = 0
  for _, e in ipairs(events) do if e.phase == "moved" then moved = moved + 1 end end
  expect(moved, "moved events, one a step"):toBe(30)
  local last = events[#events]
  expect(last.phase):toBe("ended")
  expect(last.time, "ended at"):toBeCloseTo(0.75, 1e-9)
  expect(last.point.x, "ended at x"):toBeCloseTo(300, 1e-9)
  -- 200 pt in 0.25 s: 800 pt/s, measured over the last 0.1 s.
  expect(last.velocity.x, "release velocity"):toBeCloseTo(800, 1e-6)
  -- The default drag flung the box with the finger's velocity.
  expect(box.velocity.x, "box speed after the release"):toBeCloseTo(800, 1)
end)

test("release = stop holds the finger still for the velocity window: no fling", function()
  local a, box = scene()
  local ended
  a.onPointer = function(e) if e.phase == "ended" then ended = e end end
  a:drag{ item = box, to = {300, 100}, duration = 0.25, release = "stop" }
  a:run{ seconds = 1 }
  expect(ended.velocity.x, "release velocity"):toBeCloseTo(0, 1e-9)
  expect(math.abs(box.velocity.x), "box speed"):toBeLessThan(5)
end)

test("a drag along a path passes through its points", function()
  local a, box = scene()
  local seen = {}
  a.onPointer = function(e) seen[#seen + 1] = { x = e.point.x, y = e.point.y } end
  a:drag{ from = {100, 100}, path = {{200, 100}}, to = {200, 200}, duration = 0.2 }
  a:run{ seconds = 0.5 }
  -- Uniform speed along 200 pt: the corner at half the duration (12 of 24 steps).
  expect(seen[1 + 12].x):toBeCloseTo(200, 1e-9)
  expect(seen[1 + 12].y):toBeCloseTo(100, 1e-9)
  expect(seen[#seen].y):toBeCloseTo(200, 1e-9)
end)

test("a tap gives began and ended on the item under it, the topmost when items overlap", function()
  local a, box = scene()
  local top = dyn.item{ center = {120, 100}, size = {60, 60}, name = "top" }
  a:addBehavior(dyn.itemBehavior{ items = {top} })
  local phases, item = {}, nil
  a.onPointer = function(e)
    phases[#phases + 1] = e.phase
    if e.phase == "began" then item = e.item end
    return true
  end
  a:tap{ point = {110, 100}, at = 0.2 }
  a:run{ seconds = 0.5 }
  expect(table.concat(phases, " ")):toBe("began moved ended")
  expect(item, "the item added last"):toBe(top)
end)

test("a person's pointer cancels every scripted gesture", function()
  local a, box = scene()
  local log = {}
  a.onPointer = function(e) log[#log + 1] = e.phase .. (e.scripted and "*" or "") end
  local g = a:drag{ item = box, by = {300, 0}, duration = 1 }
  a:run{ seconds = 0.2 }
  a:pointer{ phase = "began", x = 500, y = 500 }
  expect(g.done):toBe(true)
  expect(g.cancelled):toBe(true)
  expect(log[#log - 1]):toBe("cancelled*")
  expect(log[#log]):toBe("began")
  a:run{ seconds = 0.5 }
  expect(log[#log]):toBe("began")   -- nothing more from the cancelled drag
end)

test("the same scripted scene gives the same result at every frame rate", function()
  local function final(dt)
    local a, box = scene()
    local c = dyn.collision{ items = {box}, boundsAsBoundary = true }
    a:addBehavior(c)
    a:addBehavior(dyn.gravity{ items = {box} })
    a:drag{ item = box, by = {250, -60}, at = 0.3, duration = 0.2 }
    a:after(0.77, function() box.angularVelocity = 3 end)
    a:spawn(function() dyn.wait(1.13); box.velocity = { x = -300, y = -400 } end)
    a:run{ seconds = 2.5, dt = dt }
    return box.center.x, box.center.y, box.angle
  end
  local x60, y60, r60 = final(1 / 60)
  for _, dt in ipairs{ 1 / 24, 1 / 30, 1 / 120, 1 / 45 } do
    local x, y, r = final(dt)
    expect(x, "x at dt " .. dt):toBe(x60)
    expect(y, "y at dt " .. dt):toBe(y60)
    expect(r, "angle at dt " .. dt):toBe(r60)
  end
end)

test("animator.host says who runs the script", function()
  expect(dyn.animator{}.host):toBe("test")
end)

test("pointerVelocityWindow is 0.1 s by default, settable, and checked", function()
  expect(dyn.pointerVelocityWindow):toBe(0.1)
  -- 800 pt/s for 0.25 s, then held still and lifted after the step that reaches 0.07 s more
  -- (0.325 s): the last 0.1 s hold 0.025 s of motion (20 pt: 200 pt/s); the last 0.05 s none.
  local function release()
    local a, box = scene()
    local ended
    a.onPointer = function(e) if e.phase == "ended" then ended = e end; return true end
    a:drag{ item = box, by = {200, 0}, duration = 0.25, hold = 0.07 }
    a:run{ seconds = 0.5 }
    return ended.velocity.x
  end
  expect(release(), "release velocity over 0.1 s"):toBeCloseTo(200, 1e-6)
  dyn.pointerVelocityWindow = 0.05
  expect(dyn.pointerVelocityWindow):toBe(0.05)
  expect(release(), "release velocity over 0.05 s"):toBeCloseTo(0, 1e-9)
  expect(function() dyn.pointerVelocityWindow = 0 end):toFail("pointerVelocityWindow")
  expect(function() dyn.pointerVelocityWindow = 0 / 0 end):toFail("pointerVelocityWindow")
  expect(function() dyn.pointerVelocityWindow = "fast" end):toFail("pointerVelocityWindow")
  dyn.pointerVelocityWindow = 0.1
end)

test("bad gestures are errors at the script's line", function()
  local a, box = scene()
  expect(function() a:drag{ by = {1, 0} } end):toFail("gestures_test.lua:%d+")
  expect(function() a:drag{ item = box } end):toFail("end")
  expect(function() a:drag{ item = box, by = {0 / 0, 0} } end):toFail("by")
  expect(function() a:drag{ item = box, by = {1, 0}, duration = -1 } end):toFail("duration")
  expect(function() a:drag{ item = box, by = {1, 0}, at = 1e300 } end):toFail("drag.at")
  expect(function() a:drag{ item = box, by = {1, 0}, release = "throw" } end):toFail("release")
  expect(function() a:drag{ item = box, by = {1, 0}, speed = 3 } end):toFail("speed")
  expect(function() a:drag{ from = {0, 0}, path = {{1, 2}, "x"} } end):toFail("path")
  expect(function() a:tap{ point = {1e300, 0} } end):toFail("point")
  expect(function() a:tap{} end):toFail("point")
  local other = dyn.item{ size = {10, 10} }
  expect(function() a:drag{ item = other, by = {1, 0} } end):toFail("not in this animator")
end)
