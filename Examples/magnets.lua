-- Magnets: charged items in an electric and a magnetic field (charges are set with
-- dyn.itemBehavior{ charge = q }).
--
-- Left half: an electric field around a fixed positive "nucleus". F = S·q·p̂/r pushes a
-- positive charge away (like charges repel) and pulls a negative one in (opposite charges
-- attract); a neutral item feels nothing. The repelled charge ends against the ceiling, the
-- attracted one rests on the nucleus.
--
-- Right half: a uniform magnetic field (falloff 0) turns a moving charge at right angles to its
-- velocity, F = S·(vy, −vx): the "ion" runs round a circle of radius v·m/S (UIKit's law: the
-- size and sign of the charge do not matter, only that there is one).
--
--   dynamics run Examples/magnets.lua --svg magnets.svg --debug
local dyn = require "dynamics"

local animator = dyn.animator{ bounds = {0, 0, 800, 600} }

-- Electric side.
local nucleus  = dyn.item{ name = "nucleus",  center = {200, 300}, size = {40, 40}, shape = "ellipse" }
local positive = dyn.item{ name = "positive", center = {200, 180}, size = {30, 30}, shape = "ellipse" }
local negative = dyn.item{ name = "negative", center = {200, 420}, size = {30, 30}, shape = "ellipse" }
local neutral  = dyn.item{ name = "neutral",  center = {80, 300},  size = {30, 30}, shape = "ellipse" }
local charges = { positive, negative, neutral }

animator:addBehavior(dyn.itemBehavior{ items = {nucleus}, anchored = true })
animator:addBehavior(dyn.itemBehavior{ items = {positive}, charge = 1 })
animator:addBehavior(dyn.itemBehavior{ items = {negative}, charge = -1 })
animator:addBehavior(dyn.itemBehavior{ items = {neutral}, charge = 0 })
local electric = dyn.field.electric{ items = charges, position = {200, 300}, strength = 1,
                                     minimumRadius = 20, region = dyn.region.rect(400, 600) }
animator:addBehavior(electric)
animator:addBehavior(dyn.collision{ items = { nucleus, positive, negative, neutral }, boundsAsBoundary = true })

-- Magnetic side: the ion starts below the field's center moving right; the field strength is
-- chosen for a circle of `radius` around the center.
local speed, radius = 250, 100
local ion = dyn.item{ name = "ion", center = {600, 300 + radius}, size = {20, 20}, shape = "ellipse" }
local ionMass = math.pi * 10 ^ 2 / 10000                              -- density 1, a 20 pt disc
local ionProps = dyn.itemBehavior{ items = {ion}, charge = 1, resistance = 0, angularResistance = 0 }
animator:addBehavior(ionProps)
ionProps:addLinearVelocity(ion, {speed, 0})
local magnetic = dyn.field.magnetic{ items = {ion}, position = {600, 300}, falloff = 0,
                                     strength = ionMass * speed / radius,    -- R = v·m/S
                                     region = dyn.region.rect(400, 600) }
animator:addBehavior(magnetic)

return {
  animator = animator,
  seconds = 5,
  items = { nucleus = nucleus, positive = positive, negative = negative, neutral = neutral, ion = ion },
  fields = { electric = electric, magnetic = magnetic },
  ion = { speed = speed, radius = radius, center = {x = 600, y = 300} },
}
