-- expect: error "applyTorque" not "NON-FINITE"
-- applyTorque(1e300) (NaN today), then itemsIn and setters, which trap on a NaN world.
local dyn = require "dynamics"
local a = dyn.animator{}; a:addBehavior(dyn.gravity{ items = { dyn.item{ size = {1, 1} } } }) -- keeps the animator running
local box = dyn.item{ size = {20, 20} }
a:addBehavior(dyn.gravity{ items = {box} })
a:addBehavior(dyn.behavior{ items = {box}, action = function() box:applyTorque(1e300) end })
a:run{ seconds = 0.2 }
a:itemsIn{ -100, -100, 200, 200 }
box.center = { 1, 1 }
local c = box.center
print((c.x == c.x and box.angle == box.angle) and "FINITE" or "NON-FINITE")
return a
