-- A springy list (the "springy collection view" of WWDC 2013's UICollectionView + UIKit
-- Dynamics talk): each row hangs on a spring attachment (length 0) to its anchor, its place in
-- the list. When the list is scrolled, rows far from the finger lag behind in proportion to
-- their distance from it, then the springs pull them back: the list ripples and settles.
--
-- The scene is drawn in the list's content coordinates, where the anchors stay put; the
-- scripted scroll (a drag of `distance` points over `duration` seconds from a finger at
-- `touchY`) displaces each row every frame by its share of that frame's scroll, as
-- Apple's layout does in shouldInvalidateLayoutForBoundsChange.
--
--   dynamics run Examples/springy_list.lua --svg springy_list.svg --debug
local dyn = require "dynamics"

local W, H = 320, 568
local animator = dyn.animator{ bounds = {0, 0, W, H} }

local rowCount, rowHeight, pitch, top = 9, 44, 58, 40
local rows, anchors, springs = {}, {}, {}
-- Each row is a chat bubble: the messages sent (blue, white text) and received (grey).
local messages = { "Are we still on for tonight?", "Yes! 7 at the usual place?", "Perfect. Table booked",
  "Can I bring Sam?", "Of course, the more the merrier", "Great, see you there", "Running 5 min late…",
  "No rush, we just sat down", "Here! Where are you?" }
local function bubble(i)
  local sent = i % 2 == 0
  return { fill = sent and "#0a84ff" or "#e9e9eb", textColor = sent and "#ffffff" or "#1c1c1e",
           cornerRadius = 20, text = messages[(i - 1) % #messages + 1], font = "15px" }
end
for i = 1, rowCount do
  local y = top + (i - 1) * pitch + rowHeight / 2
  local row = dyn.item{ name = "row" .. i, center = {W / 2, y}, size = {W - 20, rowHeight},
                        style = bubble(i) }
  rows[i] = row
  anchors[i] = { x = W / 2, y = y }
  springs[i] = dyn.attachment{ item = row, anchor = {W / 2, y}, length = 0, frequency = 1.5, damping = 0.3 }
  animator:addBehavior(springs[i])
end
animator:addBehavior(dyn.itemBehavior{ items = rows, allowsRotation = false, resistance = 0 })

-- The scroll: the finger at touchY drags the content up by `distance` points, in the frames
-- after scroll.time up to scroll.time + duration. Two timers start and end it (pending timers
-- keep the animator stepping while the list rests).
local scroll = { time = 0.5, duration = 0.25, distance = -100, touchY = 60, resistance = 600 }
local scrolling = false
local scripted = {
  animator:after(scroll.time, function() scrolling = true end),
  animator:after(scroll.time + scroll.duration, function() scrolling = false end),
}
animator:addBehavior(dyn.behavior{ items = rows, action = function(self, dt)
  if not scrolling then return end
  local delta = scroll.distance * dt / scroll.duration          -- this frame's share of the scroll
  for i, row in ipairs(rows) do
    local share = math.min(1, math.abs(anchors[i].y - scroll.touchY) / scroll.resistance)
    local c = row.center
    row.center = { c.x, c.y + delta * share }
  end
end })

-- Served live (`dynamics serve Examples/springy_list.lua`), a real drag scrolls the list: each
-- move displaces the rows by their share of it (rows far from the finger lag), the scripted
-- scroll stops, and the default drag is suppressed (the handler returns true). Under `run` and
-- `test` the scripted scroll plays as above.
local finger
animator.onPointer = function(e)
  for _, timer in ipairs(scripted) do timer:cancel() end   -- a person is here: the script stops
  scrolling = false
  if e.phase == "began" then
    finger = { y = e.point.y }
  elseif e.phase == "moved" and finger then
    local delta = e.point.y - finger.y
    finger.y = e.point.y
    for i, row in ipairs(rows) do
      local share = math.min(1, math.abs(anchors[i].y - e.point.y) / scroll.resistance)
      local c = row.center
      row.center = { c.x, c.y + delta * share }
    end
  else
    finger = nil
  end
  return true
end

local function setAll(key) return function(v) for _, s in ipairs(springs) do s[key] = v end end end

local items = {}
for _, row in ipairs(rows) do items[row.name] = row end
return {
  animator = animator,
  seconds = 4,
  -- The live viewer's sliders: the rows' springs.
  params = {
    frequency = { value = 1.5, min = 0.2, max = 6, step = 0.1, apply = setAll("frequency"),
                  spring = { frequency = "frequency", damping = "damping" } },
    damping = { value = 0.3, min = 0, max = 1, step = 0.05, apply = setAll("damping"),
                spring = { frequency = "frequency", damping = "damping" } },
  },
  items = items,
  rows = rows,
  anchors = anchors,
  springs = springs,
  scroll = scroll,
}
