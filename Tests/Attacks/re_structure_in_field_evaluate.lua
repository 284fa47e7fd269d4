-- expect: ok "FINITE" or error "inside its own step" not "NON-FINITE"
-- Structural changes and setters from inside a field's evaluate: remove the field itself,
-- add behaviors, set the item's center and velocity, read itemsIn.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
local other = dyn.item{ size = {10, 10}, center = {30, 0} }
local f
f = dyn.field.custom{ items = {box, other}, evaluate = function(p, v)
  box.center = { 1, 1 }
  box.velocity = { 5, 5 }
  a:itemsIn{ -100, -100, 200, 200 }
  a:addBehavior(dyn.gravity{ items = {other} })
  a:removeBehavior(f)
  a:removeAllBehaviors()
  return 1, 1
end }
a:addBehavior(f)
a:run{ seconds = 0.2 }
local c = box.center
print((c.y == c.y and c.y - c.y == 0) and "FINITE" or "NON-FINITE")
return a
