-- A swipeable card stack (Tinder's): drag the top card; let go and the fling's projection
-- decides. Projected more than `threshold` sideways from its place, the card flies off
-- screen, keeping the fling's velocity; otherwise it springs back. Once it is off, the cards
-- below move up a place and the next one is on top. A demo swipes at set times.
--
--   dynamics run Examples/cards.lua --svg cards.svg        dynamics serve Examples/cards.lua
local dyn = require "dynamics"
local feel = require "feel"

local W, H = 375, 667
local a = dyn.animator{ bounds = {0, 0, W, H} }
local size, N, threshold = {300, 420}, 4, 150
local spring = dyn.spring{ response = 0.45, dampingFraction = 0.8 }
local function place(rank) return { W / 2, 300 + 14 * (rank - 1) } end   -- rank 1: on top

local cards, releases, top = {}, {}, 1            -- cards[top] is on top
for i = N, 1, -1 do                               -- the last added is on top (e.item)
  local card = dyn.item{ name = "card" .. i, center = place(i), size = size }
  releases[i] = dyn.release{ item = card, spring = spring, target = function(projected)
    local home = place(i - top + 1)
    local dx = projected.x - home[1]
    if i ~= top or math.abs(dx) < threshold then return home end
    return { dx > 0 and W + size[1] or -size[1], projected.y }       -- off screen
  end }
  a:addBehavior(dyn.itemBehavior{ items = {card}, resistance = 0, allowsRotation = false })
  a:addBehavior(releases[i])
  cards[i] = card
end

local function offScreen(card)
  local x = card.center.x
  return x < -size[1] / 2 or x > W + size[1] / 2
end
-- The stack: wait for the top card to leave, then move the others up a place.
a:spawn(function()
  while top <= N do
    local card = cards[top]
    dyn.waitUntil(function() return offScreen(card) end)
    top = top + 1
    for i = top, N do releases[i]:release{0, 0} end   -- springs each to its new place
  end
end)

local demo = feel.demo(a, function()
  dyn.wait(0.5)
  a:drag{ item = cards[1], by = {90, 20}, duration = 0.5, release = "stop" }   -- too gentle: back
  dyn.wait(1.5)
  a:drag{ item = cards[1], by = {120, -30}, duration = 0.15 }                  -- flung off right
  dyn.wait(1.5)
  a:drag{ item = cards[2], by = {-100, 10}, duration = 0.12 }                  -- and left
end)

return {
  animator = a,
  seconds = 5.5,
  params = feel.sliders(spring, function(s)
    for _, r in ipairs(releases) do r.spring = s end
  end),
  cards = cards, place = place, threshold = threshold, size = size, demo = demo,
  offScreen = offScreen,
  top = function() return top end,
}
