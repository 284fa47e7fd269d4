-- Timers (docs/lua-api.md): animator:after / animator:every, in simulated time.
local dyn = require "dynamics"

test("after fires on the internal step its time falls in, before that frame's actions", function()
  local a = dyn.animator{}
  local box = dyn.item{ size = {10, 10} }
  local log = {}
  a:addBehavior(dyn.behavior{ items = {box}, action = function()
    if math.abs(a.elapsedTime - 1) < 1e-9 then log[#log + 1] = "action" end
  end })
  a:addBehavior(dyn.itemBehavior{ items = {box} })
  a:after(1, function() log[#log + 1] = "timer"; log.at = a.elapsedTime end)
  a:run{ untilPaused = true, seconds = 5 }
  expect(#log):toBe(2)
  expect(log[1]):toBe("timer")
  expect(log[2]):toBe("action")
  expect(log.at):toBeCloseTo(1, 1e-9)
  expect(a.isRunning):toBe(false)
end)

test("a timer due mid-frame fires at its own internal step, not at the frame's end", function()
  local a = dyn.animator{}
  local box = dyn.item{ size = {10, 10} }
  a:addBehavior(dyn.itemBehavior{ items = {box} })
  local at
  a:after(0.105, function() at = a.elapsedTime end)   -- in the 13th step of 1/120 s
  a:run{ seconds = 1 }
  expect(at, "time the timer saw"):toBeCloseTo(13 / 120, 1e-9)
end)

test("every taps on schedule and a cancelled timer never runs", function()
  local a = dyn.animator{}
  local taps = {}
  local t = a:every(0.5, function() taps[#taps + 1] = a.elapsedTime end)
  local never = a:after(2, function() error("cancelled timers do not run") end)
  never:cancel()
  a:after(1.75, function() t:cancel() end)
  a:run{ seconds = 3 }
  expect(#taps):toBe(3)
  for i, time in ipairs(taps) do expect(time):toBeCloseTo(0.5 * i, 1e-9) end
end)

test("a refused timer is never added: the animator still pauses at once", function()
  local a = dyn.animator{}
  local box = dyn.item{ size = {10, 10} }
  a:addBehavior(dyn.itemBehavior{ items = {box} })
  expect(function() a:after(2e9, function() end) end):toFail("after")
  expect(function() a:every(1e300, function() end) end):toFail("every")
  a:run{ untilPaused = true, seconds = 30 }
  expect(a.isRunning):toBe(false)
  -- The item's own rest time (0.5 s); the refused timer kept it running the whole 30 s.
  expect(a.elapsedTime, "time run before the pause"):toBeLessThan(0.6)
end)
