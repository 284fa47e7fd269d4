-- A bottom sheet with three detents: drag it up or down and let go; the fling's projection
-- picks the nearest detent and a spring takes the sheet there, keeping the fling's velocity.
-- Past the top it resists as a scroll view does. The drag is the scene's own (onPointer), so
-- the sheet only moves vertically. A demo drags it at set times.
--   dynamics run Examples/bottom_sheet.lua --svg sheet.svg    dynamics serve Examples/bottom_sheet.lua
local dyn = require "dynamics"
local feel = require "feel"

local W, H = 375, 667
local a = dyn.animator{ bounds = {0, 0, W, H} }
local detents = { full = 60, half = 333, collapsed = 567 }      -- the sheet's top edge (pt)
local sheet = dyn.item{ name = "sheet", size = {W, H}, center = {W / 2, detents.collapsed + H / 2},
  style = { fill = "#ffffff", stroke = "#e5e5ea", cornerRadius = 16,
            shadow = { color = "#00000033", offset = {0, -2}, radius = 16 } } }
local function top() return sheet.center.y - H / 2 end

local spring = dyn.spring{ response = 0.5, dampingFraction = 0.85 }
local release = dyn.release{ item = sheet, spring = spring, target = function(projected)
  local y = dyn.gesture.nearest(projected.y - H / 2, { detents.full, detents.half, detents.collapsed })
  return { W / 2, y + H / 2 }
end }
a:addBehavior(dyn.itemBehavior{ items = {sheet}, resistance = 0, allowsRotation = false })
a:addBehavior(release)

local grabbed                                    -- the finger's offset from the top, while dragging
local function drag(e)
  if e.phase == "began" then
    if e.item ~= sheet then return false end
    grabbed = e.point.y - top()
    release:grab()
    sheet.velocity = {0, 0}
  elseif not grabbed then return false
  elseif e.phase == "moved" then
    local y = e.point.y - grabbed
    if y < detents.full then y = detents.full - dyn.gesture.rubberBand(detents.full - y, H) end
    sheet.center = { W / 2, y + H / 2 }
  else                                           -- ended, cancelled: springs to a detent
    grabbed = nil
    release:release{ 0, e.phase == "ended" and e.velocity.y or 0 }
  end
  return true
end

local demo = feel.demo(a, function()
  dyn.wait(0.5)   -- a gentle flick up: half
  a:drag{ from = {W / 2, top() + 30}, by = {0, -90}, duration = 0.3 }
  dyn.wait(1.5)   -- pulled far past the top and held: it resists, then settles on full
  a:drag{ from = {W / 2, top() + 30}, by = {0, -420}, duration = 0.6, release = "stop" }
  dyn.wait(2)     -- a hard flick down: collapsed
  a:drag{ from = {W / 2, top() + 30}, by = {0, 120}, duration = 0.1 }
end, drag)

return {
  animator = a, seconds = 6,
  params = feel.sliders(spring, function(s) release.spring = s end),
  sheet = sheet, detents = detents, top = top, demo = demo,
}
