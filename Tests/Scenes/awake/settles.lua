-- Two cards dropped on the floor from different heights: the animator pauses once both
-- rest, and "why is it awake?" says which rested last ("high", the one that fell further) and when.
local dyn = require "dynamics"
local animator = dyn.animator{ bounds = {0, 0, 320, 568} }
local low = dyn.item{ center = {80, 520}, size = {60, 40}, name = "low" }
local high = dyn.item{ center = {240, 100}, size = {60, 40}, name = "high" }
animator:addBehavior(dyn.gravity{ items = {low, high} })
animator:addBehavior(dyn.collision{ items = {low, high}, boundsAsBoundary = true })
return { animator = animator, seconds = 4 }
