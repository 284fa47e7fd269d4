-- Examples/cards.lua: a fling whose projection passes the threshold flies the card off screen;
-- anything less springs it back; then the next card is on top.
local dyn = require "dynamics"
local drag = require("probe").drag
local screen = {0, 0, 375, 667}

local function scene()
  local s = loadScene("../cards.lua")
  s.demo:cancel()                       -- the tests script their own gestures
  return s, s.animator, s.cards[1]
end


test("a fling past the threshold leaves the screen within 0.3 s of the release", function()
  local s, a, card = scene()
  drag(a, { item = card, by = {120, 0}, duration = 0.15 })          -- 800 pt/s: projects 399 pt
  local run = a:run{ untilPaused = true, seconds = 5, record = true }
  expect(run:item("card1")):toLeave(screen, { within = 0.3 })       -- 0.125 s
  expect(s.top()):toBe(2)
  expect(run:item("card2")):toSettleAt(s.place(1), 0.5)             -- the next card moved up
  expect(run:item("card4")):toSettleAt(s.place(3), 0.5)
  expect(run):toComeToRest()
  expect(run):toMatchGolden("cards_fling_off", { tolerance = 0.5 })
end)

test("a weak fling springs back within 0.5 pt and the animator pauses", function()
  local s, a, card = scene()
  drag(a, { item = card, by = {40, 0}, duration = 0.2 })            -- 200 pt/s: 40 + 100 pt < 150
  local run = a:run{ untilPaused = true, seconds = 5, record = true }
  local t = run:item("card1")
  expect(t.first.velocity.x):toBeCloseTo(200, 1e-6)                 -- the fling's velocity, kept:
  expect(t:max("x")):toBeGreaterThan(t.first.center.x)              -- on out first, then back,
  expect(t):toNeverOvershoot(s.place(1), 1)                         -- overshooting 0.43 pt
  expect(t):toSettleAt(s.place(1), 0.5)
  expect(run):toComeToRest()
  expect(s.top()):toBe(1)
  expect(run):toMatchGolden("cards_spring_back", { tolerance = 0.5 })
end)

test("the projection decides: 100 pt let go still comes back, 50 pt flung goes", function()
  local s, a, card = scene()
  drag(a, { item = card, by = {-100, 0}, duration = 0.4, release = "stop" })
  expect(a:run{ seconds = 1.5, record = true }:item("card1")):toEndNear(s.place(1), 0.5)
  drag(a, { item = card, by = {-50, 0}, duration = 0.1 })           -- 500 pt/s: 50 + 250 pt
  local gone = a:run{ seconds = 1, record = true }:item("card1")
  expect(gone):toLeave(screen)
  expect(gone.last.center.x):toBeLessThan(0)                        -- off to the left
end)

test("the demo: back, off right, off left, and card 3 on top in its place", function()
  local s = loadScene("../cards.lua")
  local run = s.animator:run{ untilPaused = true, seconds = s.seconds, record = true }
  expect(run:item("card1").last.center.x):toBeCloseTo(375 + 300, 0.5)
  expect(run:item("card2").last.center.x):toBeCloseTo(-300, 0.5)
  expect(run:item("card1")):toLeave(screen)
  expect(s.top()):toBe(3)
  expect(run:item("card3")):toSettleAt(s.place(1), 0.5)
  expect(run:item("card3")):toStayInside(screen)
  expect(run):toComeToRest()
  expect(run):toMatchGolden("cards_demo", { tolerance = 0.5 })
end)
