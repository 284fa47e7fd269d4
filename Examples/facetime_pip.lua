-- FaceTime picture-in-picture (Apple's "StickyCorners" sample, WWDC 2015): the small self-view
-- can be flung anywhere and comes to rest in the nearest corner. One spring field per corner,
-- each confined by a rectangular region to its quarter of the screen, pulls the view in; the
-- view is light (density 0.01) and strongly damped (resistance 10), never turns, and the
-- screen's edges hold it. Scripted flicks drop it somewhere with a finger's velocity at set
-- times, as a drag that ends in a flick would.
--
--   dynamics run Examples/facetime_pip.lua --svg pip.svg --debug
local dyn = require "dynamics"

local W, H = 375, 667                  -- an iPhone screen in points
local inset = 16                       -- the gap between the view and its corner
local animator = dyn.animator{ bounds = {0, 0, W, H} }

-- A portrait video thumbnail, starting in the top-right corner as FaceTime does.
local pw, ph = 90, 160
local dx, dy = inset + pw / 2, inset + ph / 2
local corners = {
  topLeft     = {x = dx,     y = dy},
  bottomLeft  = {x = dx,     y = H - dy},
  bottomRight = {x = W - dx, y = H - dy},
  topRight    = {x = W - dx, y = dy},
}
local pip = dyn.item{ name = "pip", center = {corners.topRight.x, corners.topRight.y}, size = {pw, ph},
  style = { image = "images/caller.png", cornerRadius = 12, fill = "#29335c",
            shadow = { color = "#00000059", offset = {0, 4}, radius = 12 } } }

local props = dyn.itemBehavior{ items = {pip}, density = 0.01, resistance = 10, friction = 0, allowsRotation = false }
local sticky = dyn.behavior{ items = {pip}, children = {
  dyn.collision{ items = {pip}, boundsAsBoundary = true },
  props,
} }
-- Each field's region is a rectangle centered on its corner position, reaching the middle of
-- the screen both ways: the four regions tile the screen. (A fixed order: `pairs` order
-- changes from run to run, and the scene should not.)
local cornerNames = { "topLeft", "bottomLeft", "bottomRight", "topRight" }
local fields = {}
for _, name in ipairs(cornerNames) do
  local p = corners[name]
  local f = dyn.field.spring{ items = {pip}, position = {p.x, p.y}, region = dyn.region.rect(W - 2 * dx, H - 2 * dy) }
  fields[name] = f
  sticky:addChild(f)
end
animator:addBehavior(sticky)

-- The flicks: a drag carries the view to `release` and lets go at `time` with the finger's
-- velocity (pt/s); `corner` is where the view should come to rest.
local flicks = {
  { time = 0.5, release = {200, 300}, velocity = {-1500, 1500},  corner = "bottomLeft" },
  { time = 2.5, release = {150, 480}, velocity = {2500, 300},    corner = "bottomRight" },
  { time = 4.5, release = {220, 360}, velocity = {-1500, -2500}, corner = "topLeft" },
  { time = 6.5, release = {120, 250}, velocity = {300, 200},     corner = "topLeft" },  -- too gentle to leave its quarter
}
-- The script: each flick is a timer (pending timers keep the animator stepping while the view
-- rests in a corner).
local scripted = {}
for _, flick in ipairs(flicks) do
  scripted[#scripted + 1] = animator:after(flick.time, function()
    pip.center = flick.release
    pip.velocity = flick.velocity
  end)
end

-- The corner whose field region holds a point (the view's center by default).
local function cornerAt(point)
  point = point or pip.center
  for _, name in ipairs(cornerNames) do
    local f = fields[name]
    if f.region:contains{ point.x - f.position.x, point.y - f.position.y } then return name end
  end
end

-- Served live (`dynamics serve Examples/facetime_pip.lua`), a person flicks the view with the
-- viewer's default drag (an attachment to the finger, released with its velocity), and the
-- scripted flicks stop. Under `run` and `test` they play as above.
animator.onPointer = function(e)
  for _, timer in ipairs(scripted) do timer:cancel() end   -- a person is here: the script stops
  return false
end

local function setStrength(v) for _, name in ipairs(cornerNames) do fields[name].strength = v end end

return {
  animator = animator,
  seconds = 8.5,
  -- The live viewer's sliders: the corner springs' strength and the view's damping.
  params = {
    springStrength = { value = fields.topLeft.strength, min = 0.1, max = 10, step = 0.1, apply = setStrength },
    damping = { value = 10, min = 0, max = 30, step = 0.5, apply = function(v) props.resistance = v end },
  },
  items = { pip = pip },
  corners = corners,
  fields = fields,
  flicks = flicks,
  cornerAt = cornerAt,
  bounds = {0, 0, W, H},
}
