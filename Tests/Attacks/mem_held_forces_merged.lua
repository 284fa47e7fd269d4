-- expect: ok "merged"
-- args: --seconds 1 --lua-budget 100000000
-- applyTorque, applyForce and addLinearVelocity from a loop: each call held an entry in the
-- host until the next frame (5.7 million entries, 426 MB in 0.8 s; 3 GB in a test case). A
-- body now holds one merged force per frame, and an item one pending velocity.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10}, center = {0, 0} }
local late = dyn.item{ size = {10, 10}, center = {50, 0} }
local ib = dyn.itemBehavior{ items = {box, late} }
a:addBehavior(dyn.gravity{ items = {box} })
a:addBehavior(ib)
a:step(0)
ib:removeItem(late)
local t0, torque, force, add = os.clock(), box.applyTorque, box.applyForce, ib.addLinearVelocity
local pending = dyn.itemBehavior{ items = {late} } -- not in an animator: its velocities wait
while os.clock() - t0 < 0.3 do
  for i = 1, 1000 do torque(box, 1); force(box, {1, 0}, {5, 5}); add(pending, late, {1, 0}) end
end
print("merged")
return { animator = a, seconds = 0.1 }
