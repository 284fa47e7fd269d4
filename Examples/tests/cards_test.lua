-- Examples/cards.lua: a fling whose projection passes the threshold flies the card off screen;
-- anything less springs it back; then the next card is on top.
local probe = require "probe"

local function scene()
  local s = loadScene("../cards.lua")
  s.demo:cancel()                       -- the tests script their own gestures
  return s, s.animator, s.cards[1]
end

test("a fling past the threshold leaves the screen within 0.3 s of the release", function()
  local s, a, card = scene()
  probe.drag(a, { item = card, by = {120, 0}, duration = 0.15 })    -- 800 pt/s: projects 399 pt
  expect(probe.until_(a, 1, function() return s.offScreen(card) end)):toBeLessThan(0.3)  -- 0.125 s
  expect(s.top()):toBe(2)
  a:run{ untilPaused = true, seconds = 5 }
  expect(s.cards[2].center):toBeCloseTo(s.place(1), 0.5)             -- the next card moved up
  expect(s.cards[4].center):toBeCloseTo(s.place(3), 0.5)
  expect(a.isRunning):toBe(false)
end)

test("a weak fling springs back within 0.5 pt and the animator pauses", function()
  local s, a, card = scene()
  local home = s.place(1)[1]
  probe.drag(a, { item = card, by = {40, 0}, duration = 0.2 })      -- 200 pt/s: 40 + 100 pt < 150
  local released = card.center.x
  expect(card.velocity.x):toBeCloseTo(200, 1e-6)                      -- the fling's velocity, kept:
  local farthest, under = released, home
  probe.watch(a, 3, function()
    farthest, under = math.max(farthest, card.center.x), math.min(under, card.center.x)
  end)
  expect(farthest):toBeGreaterThan(released)                          -- on out first, then back,
  expect(home - under):toBeLessThan(1)                                -- overshooting 0.43 pt
  expect(card.center):toBeCloseTo(s.place(1), 0.5)
  a:run{ untilPaused = true, seconds = 5 }
  expect(a.isRunning):toBe(false)
  expect(s.top()):toBe(1)
end)

test("the projection decides: 100 pt let go still comes back, 50 pt flung goes", function()
  local s, a, card = scene()
  probe.drag(a, { item = card, by = {-100, 0}, duration = 0.4, release = "stop" })
  a:run{ seconds = 1.5 }
  expect(card.center):toBeCloseTo(s.place(1), 0.5)
  probe.drag(a, { item = card, by = {-50, 0}, duration = 0.1 })      -- 500 pt/s: 50 + 250 pt
  expect(probe.until_(a, 1, function() return s.offScreen(card) end)):toBeTruthy()
  expect(card.center.x):toBeLessThan(0)                               -- off to the left
end)

test("the demo: back, off right, off left, and card 3 on top in its place", function()
  local s = loadScene("../cards.lua")
  s.animator:run{ untilPaused = true, seconds = s.seconds }
  expect(s.cards[1].center.x):toBeCloseTo(375 + 300, 0.5)
  expect(s.cards[2].center.x):toBeCloseTo(-300, 0.5)
  expect(s.top()):toBe(3)
  expect(s.cards[3].center):toBeCloseTo(s.place(1), 0.5)
  expect(s.animator.isRunning):toBe(false)
end)
