-- expect: ok or error "removed" | "not in" not "NON-FINITE"
-- Handles used after their behavior was removed, after removeAllBehaviors, and after their
-- animator was dropped and collected.
local dyn = require "dynamics"
local box = dyn.item{ size = {10, 10} }
local g, d, j, f
do
  local old = dyn.animator{}
  g = dyn.gravity{ items = {box} }
  d = dyn.itemBehavior{ items = {box} }
  j = dyn.attachment{ item = box, anchor = {0, -50}, frequency = 1 }
  f = dyn.field.drag{ items = {box} }
  old:addBehavior(g); old:addBehavior(d); old:addBehavior(j); old:addBehavior(f)
  old:step()
  old:removeBehavior(g); old:removeAllBehaviors()
end
collectgarbage(); collectgarbage()
pcall(function() box.velocity = {1, 1} end)
pcall(function() d:addLinearVelocity(box, {1, 0}) end)
pcall(function() j.length = 3; j.anchor = {1, 1} end)
pcall(function() f.strength = 2; local r = f.region end)
pcall(function() g.magnitude = 2; local items = g.items end)
local a = dyn.animator{}
a:addBehavior(g); a:addBehavior(j); a:addBehavior(d)
a:run{ seconds = 0.2 }
local c = box.center
print((c.x == c.x) and "FINITE" or "NON-FINITE")
return a
