-- expect: ok or error "another animator" not "NON-FINITE"
-- One item in behaviors of two animators, both stepped.
local dyn = require "dynamics"
local a1, a2 = dyn.animator{}, dyn.animator{}
local box = dyn.item{ size = {10, 10} }
a1:addBehavior(dyn.gravity{ items = {box} })
a2:addBehavior(dyn.push{ items = {box}, direction = {1, 0} })
for i = 1, 10 do a1:step(); a2:step() end
box.center = {5, 5}
local v = box.velocity
print((v.x == v.x) and "FINITE" or "NON-FINITE")
return a1
