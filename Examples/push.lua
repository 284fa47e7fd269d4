-- Push: a continuous push is a steady force (magnitude m gives a = 100·m/mass pt/s²) while it
-- is active; an instantaneous push changes the velocity once (by 100·m/mass pt/s) and turns
-- itself off. Pushed off its center, an item also starts to spin. No gravity, no air.
--
--   dynamics run Examples/push.lua --svg push.svg
local dyn = require "dynamics"

local animator = dyn.animator{ bounds = {0, 0, 800, 600} }

-- A 50×50 "rocket" (mass 0.25) under a continuous push of 0.5 to the right for its first
-- second: it accelerates at 200 pt/s² to 200 pt/s, then coasts.
local rocket = dyn.item{ name = "rocket", center = {50, 100}, size = {50, 50} }
local thrust = dyn.push{ items = {rocket}, mode = "continuous", direction = {0.5, 0} }
local burn = 1.0

-- A 40 pt "puck" (a disc: mass π·20²/10⁴ ≈ 0.126) struck once at 0.5 s with 0.2, 30° below
-- the horizontal to the right: it leaves at 100·0.2/0.126 ≈ 159 pt/s.
local puck = dyn.item{ name = "puck", center = {100, 250}, size = {40, 40}, shape = "ellipse" }
local strike = dyn.push{ items = {puck}, mode = "instantaneous", magnitude = 0.2, angle = math.pi / 6, active = false }
local strikeTime = 0.5

-- A 100×20 "bar" (mass 0.2) struck once at 1 s, upward, 40 pt right of its center: it rises
-- at 100 pt/s and spins counterclockwise.
local bar = dyn.item{ name = "bar", center = {400, 500}, size = {100, 20} }
local flick = dyn.push{ items = {bar}, mode = "instantaneous", direction = {0, -0.2}, active = false }
flick:setTargetOffset(bar, {40, 0})
local flickTime = 1.0

local items = { rocket, puck, bar }
animator:addBehavior(dyn.itemBehavior{ items = items, resistance = 0, angularResistance = 0 })
animator:addBehavior(thrust)
animator:addBehavior(strike)
animator:addBehavior(flick)

-- The script: fire the strikes and cut the thrust at their times.
local eps = 1e-9
local struck, flicked = false, false
animator:addBehavior(dyn.behavior{ items = items, action = function(self, dt)
  local t = animator.elapsedTime
  if thrust.active and t >= burn - eps then thrust.active = false end
  if not struck and t >= strikeTime - eps then strike.active = true; struck = true end
  if not flicked and t >= flickTime - eps then flick.active = true; flicked = true end
end })

return {
  animator = animator,
  seconds = 3,
  items = { rocket = rocket, puck = puck, bar = bar },
  pushes = { thrust = thrust, strike = strike, flick = flick },
  times = { burn = burn, strike = strikeTime, flick = flickTime },
}
