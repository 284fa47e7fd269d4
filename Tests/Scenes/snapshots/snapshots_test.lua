-- Snapshots from Lua: animator:snapshot() and animator:restore(s). Stepping on after a
-- restore repeats, bit for bit, what stepping on from the snapshot did; Lua values are not in
-- a snapshot; restoring with a task alive is an error.
local dyn = require "dynamics"

-- A pendulum swinging into a pile under a noise field, with a Lua field: contacts, a joint,
-- a time-dependent field and a script's field at once.
local function scene()
  local a = dyn.animator{ bounds = {0, 0, 400, 400} }
  local items = {}
  for i = 1, 6 do
    items[i] = dyn.item{ center = {150 + i * 30, 360 - (i % 2) * 30}, size = {26, 26}, name = "box" .. i }
  end
  local bob = dyn.item{ center = {60, 200}, size = {30, 30}, shape = "ellipse", name = "bob" }
  items[#items + 1] = bob
  a:addBehavior(dyn.gravity{ items = items })
  a:addBehavior(dyn.collision{ items = items, boundsAsBoundary = true })
  a:addBehavior(dyn.attachment{ item = bob, anchor = {200, 60} })
  a:addBehavior(dyn.field.noise{ items = items, strength = 0.2, smoothness = 0.5, animationSpeed = 1 })
  a:addBehavior(dyn.field.custom{ items = items, evaluate = function(p, v, mass, charge, time)
    return -0.001 * p.x, 0
  end })
  return a, items
end

-- Each frame's positions and velocities, as exact strings (%a writes every bit).
local function trace(a, items, frames)
  local out = {}
  for f = 1, frames do
    a:step(1 / 60)
    local parts = {}
    for _, it in ipairs(items) do
      local v = it.velocity
      parts[#parts + 1] = string.format("%a %a %a %a %a %a", it.center.x, it.center.y, it.angle, v.x, v.y, it.angularVelocity)
    end
    out[f] = table.concat(parts, " ")
  end
  return out
end

test("stepping on after a restore repeats the run bit for bit, mid-swing and mid-contact", function()
  for _, before in ipairs{ 10, 45, 120 } do
    local a, items = scene()
    for _ = 1, before do a:step(1 / 60) end
    local s = a:snapshot()
    expect(s.time):toBeCloseTo(before / 60, 1e-12)
    expect(s.items):toBe(#items)
    expect(s.bytes > 0):toBe(true)
    local first = trace(a, items, 60)
    a:restore(s)
    expect(a.elapsedTime):toBe(s.time)
    local second = trace(a, items, 60)
    for f = 1, 60 do
      if first[f] ~= second[f] then error(("after %d frames: frame %d after the snapshot differs"):format(before, f)) end
    end
    expect(first[1] ~= first[60]):toBe(true)
  end
end)

test("a snapshot holds no Lua value: a counter in an action keeps counting", function()
  local a, items = scene()
  local count = 0
  local c = dyn.behavior{}
  c.action = function() count = count + 1 end
  a:addBehavior(c)
  a:step(1 / 60)
  local s = a:snapshot()
  for _ = 1, 5 do a:step(1 / 60) end
  a:restore(s)
  expect(count):toBe(6)
  a:step(1 / 60)
  expect(count):toBe(7)
end)

test("restoring with a task alive, another animator's snapshot or a wrong value is an error", function()
  local a = scene()
  local s = a:snapshot()
  local task = a:spawn(function() dyn.wait(5) end)
  a:step(1 / 60)
  expect(function() a:restore(s) end)
    :toFail("snapshots_test%.lua:%d+: animator%.restore: cannot restore with 1 task alive")
  task:cancel()
  a:restore(s)
  local other = scene()
  expect(function() other:restore(s) end)
    :toFail("snapshots_test%.lua:%d+: animator%.restore: was given a snapshot of another animator")
  expect(function() a:restore({}) end):toFail("snapshots_test%.lua:%d+: restore%(snapshot%): expected a snapshot, got table$")
  expect(function() a:restore(nil) end):toFail("snapshots_test%.lua:%d+: restore%(snapshot%): expected a snapshot, got nil$")
  expect(function() a:restore(a) end):toFail("snapshots_test%.lua:%d+: restore%(snapshot%): expected a snapshot, got userdata$")
  expect(function() s.time = 1 end):toFail("snapshots_test%.lua:%d+: snapshot%.time is read%-only$")
end)
