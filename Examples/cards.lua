-- A swipeable card stack: drag the top card and let go. Projected more than `threshold` from
-- its place, it flies off screen keeping the fling's velocity; otherwise it springs back.
-- Then the cards below move up a place. A demo swipes at set times.
--   dynamics run Examples/cards.lua --svg cards.svg        dynamics serve Examples/cards.lua
local dyn = require "dynamics"
local feel = require "feel"

local W, H = 375, 667
local a = dyn.animator{ bounds = {0, 0, W, H} }
local size, N, threshold = {300, 420}, 4, 150
local spring = dyn.spring{ response = 0.45, dampingFraction = 0.8 }
local function place(rank) return { W / 2, 300 + 14 * (rank - 1) } end   -- rank 1: on top
local function offScreen(card) return math.abs(card.center.x - W / 2) > (W + size[1]) / 2 end

-- How each card looks: a white card with a shadow, its place in bold and a line under it.
local trips = {
  { "Lisbon", "3 nights · from €420", "#e4572e" }, { "Kyoto", "5 nights · from €980", "#2a9d8f" },
  { "Reykjavík", "4 nights · from €760", "#29335c" }, { "Oaxaca", "6 nights · from €690", "#f3a712" },
}
local function cardStyle(i)
  local t = trips[(i - 1) % #trips + 1]
  return { fill = t[3], cornerRadius = 22, shadow = { color = "#00000040", offset = {0, 6}, radius = 18 },
           text = t[1] .. "\n" .. t[2], font = "22px bold", textColor = "#ffffff" }
end

local cards, releases, top = {}, {}, 1            -- cards[top] is on top
for i = N, 1, -1 do                               -- the last added is on top (e.item)
  cards[i] = dyn.item{ name = "card" .. i, center = place(i), size = size, style = cardStyle(i) }
  releases[i] = dyn.release{ item = cards[i], spring = spring, target = function(projected)
    local home = place(i - top + 1)
    local dx = projected.x - home[1]
    if i ~= top or math.abs(dx) < threshold then return home end
    return { dx > 0 and W + size[1] or -size[1], projected.y }       -- off screen
  end }
  a:addBehavior(dyn.itemBehavior{ items = {cards[i]}, resistance = 0, allowsRotation = false })
  a:addBehavior(releases[i])
end

a:spawn(function()                                -- the stack: when the top card is off, move up
  while top <= N do
    dyn.waitUntil(function() return offScreen(cards[top]) end)
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
  animator = a, seconds = 5.5,
  params = feel.sliders(spring, function(s) for _, r in ipairs(releases) do r.spring = s end end),
  cards = cards, place = place, size = size, offScreen = offScreen, demo = demo,
  top = function() return top end,
}
