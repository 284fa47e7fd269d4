-- A "ghost": an item in gravity that no collision behavior holds, beside a card that lands
-- on the floor. The card comes to rest; the ghost falls for ever, so the animator never
-- pauses. `dynamics run ghost.lua --explain-rest` and the viewer's "why is it awake?" panel
-- name the ghost as the reason.
local dyn = require "dynamics"
local animator = dyn.animator{ bounds = {0, 0, 320, 568} }
local card = dyn.item{ center = {100, 400}, size = {120, 60}, name = "card" }
local ghost = dyn.item{ center = {240, 80}, size = {50, 50}, shape = "ellipse", name = "ghost" }
animator:addBehavior(dyn.gravity{ items = {card, ghost} })
animator:addBehavior(dyn.collision{ items = {card}, boundsAsBoundary = true })
return { animator = animator, seconds = 2 }
