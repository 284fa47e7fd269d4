-- Pendulums: a bob on a rigid rod (an attachment to an anchor with frequency 0) swings under
-- gravity. Two of them, one rod four times the other: the long one takes twice as long per
-- swing, as the small-angle period T = 2π·√(L/g) says (g = 1000 pt/s²: T ≈ 2.81 s for
-- L = 200 pt, 5.62 s for L = 800 pt).
--
--   dynamics run Examples/pendulum.lua --svg pendulum.svg --debug
local dyn = require "dynamics"

local animator = dyn.animator{ bounds = {0, 0, 600, 900} }
local amplitude = math.rad(10)            -- released from rest at 10° to the right

local function pendulum(name, anchor, length)
  local bob = dyn.item{ name = name, shape = "ellipse", size = {30, 30},
                        center = { anchor[1] + length * math.sin(amplitude), anchor[2] + length * math.cos(amplitude) } }
  local rod = dyn.attachment{ item = bob, anchor = anchor }      -- frequency 0: a rod of the current length
  return bob, rod
end

local short, shortRod = pendulum("short", {200, 40}, 200)
local long, longRod = pendulum("long", {400, 40}, 800)
local bobs = { short, long }

animator:addBehavior(dyn.gravity{ items = bobs })
animator:addBehavior(dyn.itemBehavior{ items = bobs, resistance = 0, angularResistance = 0 })
animator:addBehavior(shortRod)
animator:addBehavior(longRod)

return {
  animator = animator,
  seconds = 12,
  items = { short = short, long = long },
  rods = { short = shortRod, long = longRod },
  lengths = { short = 200, long = 800 },
  amplitude = amplitude,
  gravity = 1000,                          -- pt/s²
}
