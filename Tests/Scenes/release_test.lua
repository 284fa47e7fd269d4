-- dyn.release (docs/lua-api.md, "Gesture helpers"): a flick projects, picks the nearest
-- target, springs there keeping the release velocity, and calls onSettled on arrival.
local dyn = require "dynamics"

local function pip()
  local a = dyn.animator{ bounds = {0, 0, 375, 667} }
  local window = dyn.item{ center = {100, 300}, size = {120, 80}, name = "pip" }
  a:addBehavior(dyn.itemBehavior{ items = {window}, resistance = 0, allowsRotation = false })
  local corners = { {70, 60}, {305, 60}, {70, 607}, {305, 607} }
  return a, window, corners
end

test("a flick toward a corner lands there and says so", function()
  local a, window, corners = pip()
  local settled
  local r = dyn.release{ item = window, targets = corners, onSettled = function(t) settled = t end }
  a:addBehavior(r)
  a:drag{ item = window, by = {60, 120}, duration = 0.15 }
  a:run{ untilPaused = true, seconds = 5 }
  expect(r.target.x):toBe(305)
  expect(r.target.y):toBe(607)
  expect(settled ~= nil, "onSettled was called"):toBe(true)
  expect(window.center.x, "x at rest"):toBeCloseTo(305, 0.5)
  expect(window.center.y, "y at rest"):toBeCloseTo(607, 0.5)
  expect(r.settled):toBe(true)
end)

test("the projection follows the deceleration rate", function()
  local a, window, corners = pip()
  local r = dyn.release{ item = window, targets = corners, decelerationRate = "fast" }
  a:addBehavior(r)
  r:release({ 1000, 0 })
  -- 1000 pt/s · 0.99/0.01/1000 = 99 pt.
  expect(r.projected.x - window.center.x):toBeCloseTo(99, 1e-6)
  expect(r.decelerationRate):toBe(0.99)
end)

test("a target function chooses from the projected point", function()
  local a, window = pip()
  local seen
  local r = dyn.release{ item = window, target = function(p) seen = p; return { 200, 300 } end }
  a:addBehavior(r)
  r:release({ 0, 0 })
  expect(seen.x):toBeCloseTo(100, 1e-9)
  expect(r.target.x):toBe(200)
  a:run{ untilPaused = true, seconds = 5 }
  expect(window.center.x):toBeCloseTo(200, 0.5)
end)

test("bad release options are errors at the script's line", function()
  local a, window, corners = pip()
  expect(function() dyn.release{ targets = corners } end):toFail("release.item")
  expect(function() dyn.release{ item = window, targets = { {0 / 0, 1} } } end):toFail("targets")
  expect(function() dyn.release{ item = window, targets = corners, target = function() end } end):toFail("not both")
  expect(function() dyn.release{ item = window, decelerationRate = 1 } end):toFail("decelerationRate")
  expect(function() dyn.release{ item = window, decelerationRate = "slow" } end):toFail("decelerationRate")
  expect(function() dyn.release{ item = window, frequency = -1 } end):toFail("frequency")
  expect(function() dyn.release{ item = window, damping = 1 / 0 } end):toFail("damping")
  expect(function() dyn.release{ item = window, onSettled = 3 } end):toFail("onSettled")
  expect(function() dyn.release{ item = window, sprung = true } end):toFail("sprung")
  local r = dyn.release{ item = window, targets = corners }
  expect(function() r:release({ 1e300, 0 }) end):toFail("velocity")
end)
