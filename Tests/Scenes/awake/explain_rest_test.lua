-- animator:explainRest() (docs/lua-api.md, "Why is it awake?"): what keeps an animator
-- running, each case with a scene that produces it, and what rested last once it paused.
local dyn = require "dynamics"

local function has(list, value)
  for _, v in ipairs(list) do if v == value then return true end end
  return false
end

test("a ghost item in gravity is named, with its speed and an unbalanced force", function()
  local a = dyn.animator{ bounds = {0, 0, 320, 568} }
  local ghost = dyn.item{ center = {160, 50}, size = {40, 40}, name = "ghost" }
  a:addBehavior(dyn.gravity{ items = {ghost} })
  a:addBehavior(dyn.itemBehavior{ items = {ghost}, resistance = 0 })
  a:run{ seconds = 0.5 }
  local why = a:explainRest()
  expect(why.running):toBe(true)
  expect(why.causes):toEqual({ "movingItems" })
  expect(why.itemCount):toBe(1)
  local m = why.items[1]
  expect(m.item == ghost, "the item's own handle"):toBe(true)
  expect(m.name):toBe("ghost")
  expect(m.reason):toBe("aboveRestSpeed")
  expect(m.unbalancedForce):toBe(true)
  expect(m.touching):toBe(false)
  -- 1000 pt/s² for 0.5 s: 500 pt/s (±1 %), what the item's own velocity says.
  expect(m.speed):toBeCloseTo(500, 5)
  expect(m.velocity.y):toBeCloseTo(ghost.velocity.y, 1e-9)
  expect(m.acceleration):toBeCloseTo(1000, 1e-6)
  expect(m.restThreshold):toBeCloseTo(5, 1e-9)
  expect(why.lines[1]):toBe("awake at 0.500 s: 1 item not at rest (1 under an unbalanced force)")
  expect(why.lines[2]:find("ghost: moves at", 1, true) ~= nil, why.lines[2]):toBe(true)
  expect(why.lastRest):toBe(nil)
  expect(why.pausedAt):toBe(nil)
end)

test("an undamped spring keeps its item moving: above the rest speed, held by an attachment", function()
  local a = dyn.animator{}
  local bob = dyn.item{ center = {150, 100}, size = {20, 20}, name = "bob" }
  a:addBehavior(dyn.attachment{ item = bob, anchor = {100, 100}, length = 0, frequency = 1, damping = 0 })
  for _ = 1, 10 do
    a:run{ seconds = 0.37 }
    local m = a:explainRest().items[1]
    expect(m.name):toBe("bob")
    expect(m.attachments):toBe(1)
    expect(m.unbalancedForce):toBe(false)
  end
  expect(a.isRunning):toBe(true)
end)

test("a timer far in the future and a live task keep a resting animator running", function()
  local a = dyn.animator{}
  local box = dyn.item{ size = {10, 10}, name = "box" }
  a:addBehavior(dyn.itemBehavior{ items = {box} })
  local t = a:after(1000, function() end)
  a:spawn(function() dyn.wait(50) end)
  a:run{ seconds = 1 }
  local why = a:explainRest()
  expect(why.causes):toEqual({ "timers", "tasks" })
  expect(#why.items):toBe(0)
  expect(why.timers[1].fireTime):toBeCloseTo(1000, 1e-9)
  expect(why.timers[1].interval):toBe(nil)
  expect(why.tasks[1].waitingFor):toBe("seconds")
  expect(why.tasks[1].dueTime):toBeCloseTo(50, 1e-9)
  expect(why.tasks[1].keepsAwake):toBe(true)
  expect(why.lastRest.name):toBe("box")
  t:cancel()
  expect(a:explainRest().causes):toEqual({ "tasks" })
end)

test("an active continuous push and an animated noise field are listed with their behaviors", function()
  local a = dyn.animator{}
  local puck = dyn.item{ center = {100, 100}, size = {40, 40}, name = "puck" }
  local leaf = dyn.item{ center = {300, 100}, size = {40, 40}, name = "leaf" }
  local push = dyn.push{ items = {puck}, mode = "continuous", direction = {0.5, 0} }
  local noise = dyn.field.noise{ items = {leaf}, smoothness = 0.5, animationSpeed = 2 }
  local still = dyn.field.noise{ items = {leaf}, smoothness = 0.5, animationSpeed = 0 }
  a:addBehavior(push); a:addBehavior(noise); a:addBehavior(still)
  a:run{ seconds = 0.5 }
  local why = a:explainRest()
  expect(#why.pushes):toBe(1)
  expect(why.pushes[1].behavior == push):toBe(true)
  expect(why.pushes[1].magnitude):toBeCloseTo(0.5, 1e-9)
  expect(why.pushes[1].items):toBe(1)
  expect(#why.fields):toBe(1)
  expect(why.fields[1].behavior == noise):toBe(true)
  expect(why.fields[1].kind):toBe("noise")
  expect(why.fields[1].animationSpeed):toBe(2)
  push.active = false
  expect(#a:explainRest().pushes):toBe(0)
end)

test("a paused animator says what rested last and when", function()
  local a = dyn.animator{ bounds = {0, 0, 320, 568} }
  local low = dyn.item{ center = {80, 520}, size = {60, 40}, name = "low" }
  local high = dyn.item{ center = {240, 100}, size = {60, 40}, name = "high" }
  a:addBehavior(dyn.gravity{ items = {low, high} })
  a:addBehavior(dyn.collision{ items = {low, high}, boundsAsBoundary = true })
  a:run{ untilPaused = true, seconds = 10 }
  local why = a:explainRest()
  expect(why.running):toBe(false)
  expect(why.causes):toEqual({})
  expect(why.pausedAt):toBeCloseTo(a.elapsedTime, 1e-12)
  expect(why.lastRest.item == high):toBe(true)
  expect(why.lastRest.time <= why.pausedAt):toBe(true)
  expect(why.lastRest.time > why.pausedAt - 1 / 60 - 1e-9):toBe(true)
  expect(why.lines[1]:match("^paused at [%d.]+ s; last to rest: high at [%d.]+ s$") ~= nil, why.lines[1]):toBe(true)
end)

test("explainRest inside an action sees the frame's changes; it takes no arguments", function()
  local a = dyn.animator{}
  local box = dyn.item{ size = {10, 10}, name = "box" }
  local seen
  a:addBehavior(dyn.behavior{ items = {box}, action = function()
    box.velocity = {1, 0}
    seen = a:explainRest().causes
  end })
  a:step()
  expect(has(seen, "changedDuringFrame")):toBe(true)
  expect(function() a:explainRest(1) end):toFail("explainRest: takes no arguments")
  expect(function() a.explainRest({}) end):toFail("explainRest")
end)
