-- Picture in picture (FaceTime's): fling the window anywhere and it comes to rest in the
-- corner nearest where the fling would have carried it. The corners are a Lua plugin,
-- behaviors/magneticCorners.lua; a demo flings the window at set times.
--
--   dynamics run Examples/pip.lua --svg pip.svg       dynamics serve Examples/pip.lua
local dyn = require "dynamics"
local feel = require "feel"

local W, H = 375, 667
local a = dyn.animator{ bounds = {0, 0, W, H} }
local pip = dyn.item{ name = "pip", size = {100, 150}, center = {280, 120},
  style = { image = "images/caller.png", cornerRadius = 14, stroke = "#ffffffcc", strokeWidth = 2,
            shadow = { color = "#00000059", offset = {0, 4}, radius = 12 }, fill = "#29335c" } }
local magneticCorners = dyn.use("magneticCorners")       -- found in behaviors/, beside the scene
local magnets = magneticCorners{ items = {pip}, screen = {W, H}, inset = 16 }
a:addBehavior(dyn.itemBehavior{ items = {pip}, resistance = 0, allowsRotation = false })
a:addBehavior(magnets)

local demo = feel.demo(a, function()
  dyn.wait(0.5)
  a:drag{ item = pip, by = {-60, 120}, duration = 0.12 }   -- down and left: bottom left
  dyn.wait(1.5)
  a:drag{ item = pip, by = {150, -60}, duration = 0.5 }    -- slowly: nearest is bottom right
  dyn.wait(1.5)
  a:drag{ item = pip, by = {20, -90}, duration = 0.1 }     -- a short flick up: top right
end)

return {
  animator = a,
  seconds = 6,
  params = feel.sliders(dyn.spring{ response = magnets.response, dampingFraction = magnets.dampingFraction },
    function(s) magnets.response, magnets.dampingFraction = s.response, s.dampingFraction end),
  pip = pip, magnets = magnets, demo = demo,
  magneticCorners = magneticCorners,   -- for tests: a test's own dyn.use looks in its folder
}
