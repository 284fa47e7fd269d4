-- expect: error "msg_release_target_nan.lua:7): the returned target: must be finite"
-- A target function that returns NaN: reported with where it is defined; the item stays where
-- it is, nothing non-finite enters the world.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
local r = dyn.release{ item = box, target = function() return { 0 / 0, 5 } end }
a:addBehavior(r)
r:release({ 100, 0 })
a:run{ seconds = 0.5 }
assert(box.center.x == box.center.x and box.center.y == box.center.y)
return a
