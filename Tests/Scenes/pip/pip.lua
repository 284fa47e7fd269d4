-- A fixture scene (tests/pip_test.lua): a picture-in-picture window pulled to the nearest
-- corner by a plugin of its own (behaviors/magneticCorners.lua) that uses a module of its own
-- (lib/corners.lua). Both are found beside the scene whoever loads it: `dynamics run` here, or
-- a test elsewhere through loadScene.
local dyn = require "dynamics"
local corners = require "corners"
local a = dyn.animator{ bounds = {0, 0, 375, 667} }
local pip = dyn.item{ center = {150, 260}, size = {100, 60}, name = "pip" }
local magnet = dyn.use("magneticCorners"){ items = {pip} }
a:addBehavior(magnet)
a:addBehavior(dyn.itemBehavior{ items = {pip}, resistance = 0 })
-- Where modules come from, in order: this folder, its lib/, the loading test's folder.
local found = { first = require "first", second = require "second" }
local fromTest, third = pcall(require, "third")
found.third = fromTest and third or nil
return { animator = a, seconds = 3, pip = pip, magnet = magnet, corners = corners, found = found }
