-- Wind: the `wind` plugin (Examples/behaviors/wind.lua, a Lua behavior whose action pushes its
-- items every frame) composed with the built-in gravity and collision. A crate and a ball fall
-- onto the floor and the wind drives them downwind to the right-hand wall; a gust doubles the
-- wind for a while. A heavy anvil (density 20) feels the same force but friction holds it.
--
--   dynamics run Examples/wind.lua --svg wind.svg
local dyn = require "dynamics"

local W, H = 600, 400
local animator = dyn.animator{ bounds = {0, 0, W, H} }

local crate = dyn.item{ name = "crate", center = {150, 200}, size = {40, 40} }
local ball  = dyn.item{ name = "ball",  center = {230, 100}, size = {30, 30}, shape = "ellipse" }
local anvil = dyn.item{ name = "anvil", center = {50, 380}, size = {60, 40} }
local items = { crate, ball, anvil }

animator:addBehavior(dyn.gravity{ items = items })
animator:addBehavior(dyn.collision{ items = items, boundsAsBoundary = true })
animator:addBehavior(dyn.itemBehavior{ items = {anvil}, density = 20 })

-- 0.4 UIKit Newtons to the right: 250 pt/s² on the crate (mass 0.16), well above what
-- friction (μ = 0.2, 200 pt/s²) holds back; on the anvil (mass 4.8) only 8 pt/s².
local breeze = 0.4
local wind = dyn.use("wind"){ items = items, strength = breeze, direction = {1, 0} }

-- A gust from 2 s to 3 s doubles the wind (a plugin's params can change while it runs). Added
-- before the wind, its action runs first, so the wind's force of each frame already has the
-- new strength.
local gust = { from = 2, to = 3, factor = 2 }
animator:addBehavior(dyn.behavior{ action = function(self, dt)
  local t = animator.elapsedTime + 1e-9
  wind.strength = (t >= gust.from and t < gust.to) and breeze * gust.factor or breeze
end })
animator:addBehavior(wind)

return {
  animator = animator,
  seconds = 6,
  items = { crate = crate, ball = ball, anvil = anvil },
  wind = wind,
  gust = gust,
  bounds = {0, 0, W, H},
}
