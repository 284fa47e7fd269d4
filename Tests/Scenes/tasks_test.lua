-- Tasks (docs/lua-api.md, "Sequencing"): animator:spawn and the dyn.wait family, on the
-- animator's simulated clock, exact to the internal step (1/120 s).
local dyn = require "dynamics"
local h = 1 / 120

local function scene()
  local a = dyn.animator{ bounds = {0, 0, 400, 400} }
  local box = dyn.item{ center = {200, 100}, size = {40, 40}, name = "box" }
  local c = dyn.collision{ items = {box}, boundsAsBoundary = true }
  c:addBoundary("floor", {0, 300}, {400, 300})
  a:addBehavior(c)
  a:addBehavior(dyn.itemBehavior{ items = {box} })
  return a, box
end

test("a task starts at once and waits in simulated time, exact to the internal step", function()
  local a, box = scene()
  local log = {}
  local task = a:spawn(function()
    log[#log + 1] = a.elapsedTime
    dyn.wait(0.105)               -- falls in the 13th internal step
    log[#log + 1] = a.elapsedTime
    dyn.waitFrames(3)
    log[#log + 1] = a.elapsedTime
  end)
  expect(#log, "entries before the first step"):toBe(1)
  expect(task.done):toBe(false)
  a:run{ seconds = 1 }
  expect(#log, "entries"):toBe(3)
  expect(log[2], "time after wait(0.105)"):toBeCloseTo(13 * h, 1e-9)
  expect(task.done):toBe(true)
  expect(task.error):toBe(nil)
end)

test("a task waiting for time keeps the animator stepping; one waiting for rest does not", function()
  local a, box = scene()
  local woke
  a:spawn(function() dyn.wait(2); woke = a.elapsedTime end)
  a:run{ untilPaused = true, seconds = 10 }
  expect(woke, "the wait's time"):toBeCloseTo(2, 1e-9)
  local b = dyn.animator{}
  local rested = false
  b:spawn(function() dyn.waitForRest(); rested = true end)
  b:run{ untilPaused = true, seconds = 5 }
  expect(rested):toBe(true)
  expect(b.elapsedTime):toBeLessThan(0.1)
end)

test("waitUntil returns true when its condition holds and false on timeout", function()
  local a, box = scene()
  a:addBehavior(dyn.gravity{ items = {box} })
  local results = {}
  a:spawn(function()
    results.fell = dyn.waitUntil(function() return box.center.y > 150 end, 2)
    results.fellAt = a.elapsedTime
    results.never = dyn.waitUntil(function() return box.center.y < 0 end, 0.5)
    results.gaveUpAt = a.elapsedTime
  end)
  a:run{ seconds = 3 }
  expect(results.fell):toBe(true)
  -- y = 100 + 500·t²: past 150 at t = 0.316 s (within a step).
  expect(results.fellAt, "time it fell past 150"):toBeCloseTo(0.316, 0.01)
  expect(results.never):toBe(false)
  expect(results.gaveUpAt - results.fellAt, "timeout"):toBeCloseTo(0.5, 1e-9)
end)

test("waitForContact returns the contact point with the named boundary", function()
  local a, box = scene()
  a:addBehavior(dyn.gravity{ items = {box} })
  local point, at
  a:spawn(function() point = dyn.waitForContact(box, "floor", 3); at = a.elapsedTime end)
  a:run{ seconds = 3 }
  expect(point ~= nil, "a contact point"):toBe(true)
  -- The manifold point lies midway between the surfaces, and a contact begins within the
  -- engine's speculative margin: within 2 pt of the floor.
  expect(point.y, "contact y"):toBeCloseTo(300, 2)
  -- The box's bottom (y + 20) reaches 300 at 100 + 500·t² = 280: t = 0.6 s.
  expect(at, "time of contact"):toBeCloseTo(0.6, 0.02)
  local missed = "unset"
  a:spawn(function() missed = dyn.waitForContact(box, "nothing-here", 0.25) end)
  a:run{ seconds = 1 }
  expect(missed):toBe(nil)
end)

test("waitForRest with items waits for them to sleep", function()
  local a, box = scene()
  a:addBehavior(dyn.gravity{ items = {box} })
  local ok, at
  a:spawn(function() ok = dyn.waitForRest{ items = {box}, timeout = 10 }; at = a.elapsedTime end)
  a:run{ untilPaused = true, seconds = 12 }
  expect(ok):toBe(true)
  expect(at):toBeGreaterThan(0.6)
  expect(at):toBeLessThan(5)
end)

test("cancel stops a task from outside and from inside", function()
  local a = scene()
  local after = false
  local t = a:spawn(function() dyn.wait(1); after = true end)
  t:cancel()
  a:run{ seconds = 2 }
  expect(after):toBe(false)
  expect(t.done):toBe(true)
  expect(t.cancelled):toBe(true)
  local reached = false
  local self
  self = a:spawn(function()
    dyn.wait(0.1)
    self:cancel()
    dyn.wait(0.1)
    reached = true
  end)
  a:run{ seconds = 1 }
  expect(reached):toBe(false)
  expect(self.error):toBe(nil)
end)

test("bad waits are errors at the script's line and change nothing", function()
  local a = scene()
  local messages = {}
  a:spawn(function()
    for _, bad in ipairs{ 0 / 0, -1, 1 / 0, 1e300, "1" } do
      local ok, e = pcall(dyn.wait, bad)
      messages[#messages + 1] = e
    end
    local ok, e = pcall(dyn.waitFrames, 1.5); messages[#messages + 1] = e
    ok, e = pcall(dyn.waitUntil, 3); messages[#messages + 1] = e
    ok, e = pcall(dyn.waitForRest, { itemz = {} }); messages[#messages + 1] = e
    ok, e = pcall(dyn.waitForContact, "box"); messages[#messages + 1] = e
    dyn.wait(0.1)
  end)
  expect(#messages):toBe(9)
  expect(messages[1]):toBeTruthy()
  expect(tostring(messages[1]):find("tasks_test.lua:%d+:") ~= nil, messages[1]):toBe(true)
  expect(tostring(messages[4]):find("1e%+300") ~= nil, messages[4]):toBe(true)
  expect(tostring(messages[8]):find("itemz") ~= nil, messages[8]):toBe(true)
  a:run{ seconds = 1 }
  expect(a.isRunning):toBe(false)
end)

test("a wait outside a task is an error that says so", function()
  expect(function() dyn.wait(1) end):toFail("inside a task")
end)

test("run{seconds} runs to the time asked for, rounded to the internal step", function()
  local a = scene()
  a:spawn(function() dyn.wait(100) end)   -- keeps it stepping
  a:run{ seconds = 0.105 }
  expect(a.elapsedTime):toBeCloseTo(13 * h, 1e-9)
  a:run{ seconds = 0.1, dt = 1 / 24 }
  expect(a.elapsedTime):toBeCloseTo(25 * h, 1e-9)
end)
