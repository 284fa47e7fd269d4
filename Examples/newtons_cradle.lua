-- Newton's cradle: five steel balls hang side by side on rigid rods. The first is pulled back
-- and let go; when it strikes the row its momentum passes through the resting balls and the
-- last one swings out, while the first stops. Perfectly elastic balls (elasticity 1) without
-- friction or air resistance.
--
-- The balls hang 3 pt apart, and the impact runs down the row one collision at a time: the
-- last ball rises 33.4 pt of the first one's 33.5. Touching balls (or balls closer than the
-- solver's speculative contact margin, about 2 pt plus the distance covered in one step) are
-- solved as one simultaneous contact, which is partly inelastic: the last three balls rise
-- 5–6 pt each and most of the energy is lost.
--
--   dynamics run Examples/newtons_cradle.lua --svg cradle.svg --debug
local dyn = require "dynamics"

local animator = dyn.animator{ bounds = {0, 0, 500, 500} }
local count, diameter, length = 5, 40, 250
local spacing = diameter + 3         -- 3 pt apart: each impact is a clean two-ball collision
local top = 60
local left = 250 - (count - 1) / 2 * spacing
local pullBack = math.rad(30)            -- the first ball is raised 30° to the left

local balls, rods, anchors = {}, {}, {}
for i = 1, count do
  local ax = left + (i - 1) * spacing
  local angle = i == 1 and -pullBack or 0
  local ball = dyn.item{ name = "ball" .. i, shape = "ellipse", size = {diameter, diameter},
                         center = { ax + length * math.sin(angle), top + length * math.cos(angle) } }
  balls[i] = ball
  anchors[i] = { x = ax, y = top }
  rods[i] = dyn.attachment{ item = ball, anchor = {ax, top} }   -- a rigid rod
end

animator:addBehavior(dyn.gravity{ items = balls })
animator:addBehavior(dyn.collision{ items = balls, mode = "items" })
animator:addBehavior(dyn.itemBehavior{ items = balls, elasticity = 1, friction = 0, resistance = 0,
                                       angularResistance = 0, allowsRotation = false })
for _, rod in ipairs(rods) do animator:addBehavior(rod) end

local items = {}
for _, b in ipairs(balls) do items[b.name] = b end
return {
  animator = animator,
  seconds = 6,
  items = items,
  balls = balls,
  anchors = anchors,
  length = length,
  pullBack = pullBack,
}
