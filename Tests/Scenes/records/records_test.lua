-- Run records: animator:run{ record = true } keeps every frame; tracks read them back.
local dyn = require "dynamics"

-- A box falling onto the floor of a 375 × 667 screen, and a ball beside it.
local function scene()
  local a = dyn.animator{ bounds = {0, 0, 375, 667} }
  local box = dyn.item{ center = {100, 100}, size = {50, 50}, name = "box" }
  local ball = dyn.item{ center = {250, 100}, size = {40, 40}, shape = "ellipse", name = "ball" }
  a:addBehavior(dyn.gravity{ items = {box, ball} })
  a:addBehavior(dyn.collision{ items = {box, ball}, boundsAsBoundary = true })
  return a, box, ball
end

test("a record holds every frame, the one before the first step included, as the items were", function()
  local a, box = scene()
  local run = a:run{ seconds = 1, record = true }
  expect(run.frames):toBe(61)                                  -- 60 frames of 1/60 s, and the start
  expect(run.startTime):toBe(0)
  expect(run.endTime):toBeCloseTo(1, 1e-12)
  expect(run.names):toEqual({ "box", "ball" })
  expect(#run.times):toBe(61)
  expect(run.times[1]):toBe(0)
  expect(run.times[61]):toBe(run.endTime)
  expect(run.times[31]):toBeCloseTo(0.5, 1e-12)
  local t = run:item("box")
  expect(t.name):toBe("box")
  expect(t.item):toBe(box)
  expect(t.first.center):toBeCloseTo({100, 100}, 0)
  expect(t.first.time):toBe(0)
  expect(t.last.center):toBeCloseTo(box.center, 0)             -- the last frame is the item now
  expect(t.last.velocity):toBeCloseTo(box.velocity, 0)
  -- The same scene stepped by hand: the record's frames are what the item was, exactly.
  local b, box2 = scene()
  for f = 1, 60 do
    b:step()
    local s = t:at(b.elapsedTime)
    expect(s.center, "frame " .. f):toBeCloseTo(box2.center, 0)
    expect(s.velocity, "frame " .. f):toBeCloseTo(box2.velocity, 0)
    expect(s.angle, "frame " .. f):toBe(box2.angle)
  end
end)

test("at(t) interpolates linearly between frames and refuses times outside the track", function()
  local a = scene()
  local t = a:run{ seconds = 0.5, record = true }:item("ball")
  local p, q = t:at(0.2), t:at(0.2 + 1 / 60)
  local mid = t:at(0.2 + 1 / 120)
  expect(mid.center):toBeCloseTo({ (p.center.x + q.center.x) / 2, (p.center.y + q.center.y) / 2 }, 1e-9)
  expect(mid.velocity.y):toBeCloseTo((p.velocity.y + q.velocity.y) / 2, 1e-9)
  expect(mid.speed):toBeCloseTo(mid.velocity.y, 1e-9)          -- straight down
  expect(mid.time):toBe(0.2 + 1 / 120)
  expect(function() t:at(0.6) end):toFail("track:at%(t%): t = 0%.6 s is outside the track of 'ball' %(0 … 0%.5 s%)")
  expect(function() t:at(0 / 0) end):toFail("track:at%(t%): must be finite, got NaN")
  expect(function() t:at("1") end):toFail("track:at%(t%): expected a number, got string")
end)

test("max and min give the value and the time it first occurs", function()
  local a = scene()
  local t = a:run{ seconds = 2, record = true }:item("box")
  local fastest, when = t:max("speed")
  expect(t:at(when).speed):toBe(fastest)
  expect(fastest):toBeGreaterThan(900)                          -- the fall from y = 100 to the floor
  local lowest, at = t:max("y")                                 -- y grows downward
  expect(lowest):toBeCloseTo(667 - 25, 1)                       -- on the floor
  expect(at):toBeLessThan(2)
  local highest, start = t:min("y")
  expect(highest):toBe(100)
  expect(start):toBe(0)
  for _, p in ipairs{ "x", "angle", "vx", "vy", "angularVelocity" } do
    local v, time = t:max(p)
    expect(type(v), p):toBe("number")
    expect(time >= 0 and time <= 2, p):toBe(true)
  end
  expect(function() t:max("sped") end)
    :toFail("track:max%(prop%): unknown property 'sped' — did you mean 'speed'%? %(properties: x, y, angle, vx, vy, speed, angularVelocity%)")
  expect(function() t:min(3) end):toFail("track:min%(prop%): expected a property name")
end)

test("restedAt is when the animator paused for good, nil while it runs", function()
  local a = scene()
  local running = a:run{ seconds = 0.5, record = true }
  expect(running.restedAt):toBe(nil)
  local rest = a:run{ seconds = 5, record = true }
  expect(rest.restedAt):toBeGreaterThan(0.5)
  expect(rest.restedAt):toBe(a.elapsedTime)                     -- the clock stands once paused
  expect(rest.endTime):toBe(rest.restedAt)                      -- frames that did not advance are not kept
  expect(rest.startTime):toBeCloseTo(0.5, 1e-12)                -- a record starts where the run does
  local until_ = dyn.animator{}
  local item = dyn.item{ center = {0, 0}, size = {10, 10} }
  until_:addBehavior(dyn.push{ items = {item}, mode = "instantaneous", magnitude = 0.1 })
  until_:addBehavior(dyn.itemBehavior{ items = {item}, resistance = 5 })
  local r = until_:run{ untilPaused = true, seconds = 10, record = true }
  expect(r.restedAt):toBe(r.endTime)
  expect(r.names):toEqual({ "item1" })                          -- unnamed: by position
end)

test("items that join during the run have tracks from the frame they joined", function()
  local a, box = scene()
  local late = dyn.item{ center = {300, 300}, size = {20, 20}, name = "late" }
  a:after(0.25, function() a:addBehavior(dyn.gravity{ items = {late} }) end)
  local run = a:run{ seconds = 0.5, record = true }
  local t = run:item(late)
  expect(t.startTime):toBeCloseTo(0.25, 1e-9)                   -- in the internal step its timer fired in
  expect(t.first.center):toBeCloseTo({300, 300}, 1e-9)
  expect(function() t:at(0.1) end):toFail("outside the track of 'late'")
  expect(run.names):toEqual({ "box", "ball", "late" })
  expect(run:item(box).startTime):toBe(0)
end)

test("run:item refuses unknown names (naming a few it has), shared names and other values", function()
  local a = dyn.animator{}
  local one = dyn.item{ center = {0, 0}, size = {10, 10}, name = "twin" }
  local two = dyn.item{ center = {50, 0}, size = {10, 10}, name = "twin" }
  local stranger = dyn.item{ center = {0, 50}, size = {10, 10}, name = "stranger" }
  a:addBehavior(dyn.gravity{ items = {one, two} })
  local run = a:run{ seconds = 0.1, record = true }
  expect(function() run:item("twn") end)
    :toFail("run:item: no item named 'twn' in this record — did you mean 'twin'%? %(items: 'twin', 'twin'%)")
  expect(function() run:item("twin") end)
    :toFail("run:item: 2 items are named 'twin' in this record; pass the item itself: run:item%(item%)")
  expect(run:item(two):at(0).center):toBeCloseTo({50, 0}, 0)
  expect(function() run:item(stranger) end):toFail("is not in this record")
  expect(function() run:item(3) end):toFail("run:item: expected an item's name or the item, got number")
  expect(function() run.item(3, "x") end):toFail("run:item: expected a run record")
  -- Many names: the first ten, and how many in all.
  local b = dyn.animator{}
  local many = {}
  for i = 1, 30 do many[i] = dyn.item{ center = {i * 20, 0}, size = {10, 10}, name = "n" .. i } end
  b:addBehavior(dyn.gravity{ items = many })
  expect(function() b:run{ seconds = 0.1, record = true }:item("x") end)
    :toFail("%(items: 'n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8', 'n9', 'n10', … %(30 in all%)%)")
end)

test("run{ record = … } takes a boolean; without it run returns the time", function()
  local a = scene()
  expect(a:run{ seconds = 0.1 }):toBeCloseTo(0.1, 1e-12)
  expect(a:run{ seconds = 0.1, record = false }):toBeCloseTo(0.2, 1e-12)
  expect(function() a:run{ seconds = 0.1, record = "yes" } end):toFail("run%.record: expected a boolean, got string")
  expect(function() a:run{ seconds = 0.1, recrod = true } end):toFail("unknown property 'recrod' — did you mean 'record'%?")
  expect(tostring(a:run{ seconds = 0.1, record = true })):toBe("record: 7 frames, 2 items, 0.2 … 0.3 s")
end)

test("angles are unwrapped: a spinning item's angle keeps growing", function()
  local a = dyn.animator{}
  local wheel = dyn.item{ center = {0, 0}, size = {40, 10}, name = "wheel" }
  local props = dyn.itemBehavior{ items = {wheel} }
  a:addBehavior(props)
  a:step(0)
  props:addAngularVelocity(wheel, 10)                           -- rad/s, no resistance
  local t = a:run{ seconds = 1, record = true }:item("wheel")
  local turned = t:max("angle")
  expect(turned):toBeGreaterThan(2 * math.pi)                   -- more than a turn, not folded into ±π
  expect(t.last.angle):toBe(turned)
  -- Frame to frame the angle moves by its angular velocity, never by a jump of 2π.
  for f = 1, 60 do
    local p, q = t:at((f - 1) / 60), t:at(f / 60)
    expect(q.angle - p.angle, "frame " .. f):toBeCloseTo((p.angularVelocity + q.angularVelocity) / 2 / 60, 0.01)
  end
  -- The item's own angle is the same, folded into ±π.
  local folded = (turned - wheel.angle) / (2 * math.pi)
  expect(folded):toBeCloseTo(math.floor(folded + 0.5), 1e-9)
end)
