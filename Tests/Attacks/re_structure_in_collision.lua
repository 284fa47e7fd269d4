-- expect: ok "FINITE" not "NON-FINITE"
-- Structural changes from onBegan: the collision behavior removes itself, removes the item,
-- adds new behaviors, changes the mode; all allowed by UIKit.
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 100, 100} }
local box = dyn.item{ size = {10, 10}, center = {50, 80} }
local ball = dyn.item{ size = {10, 10}, center = {20, 80}, shape = "ellipse" }
local c = dyn.collision{ items = {box, ball}, boundsAsBoundary = true }
local g = dyn.gravity{ items = {box, ball} }
c.onBegan = function(item, other)
  c:removeItem(item)
  a:removeBehavior(c)
  c:addBoundary("late", {0, 50}, {100, 50})
  a:addBehavior(dyn.push{ items = {item}, mode = "instantaneous", direction = {1, -1} })
  a:addBehavior(c)
  g.magnitude = 2
end
c.onEnded = function(item) a:removeAllBehaviors(); a:addBehavior(g) end
a:addBehavior(g)
a:addBehavior(c)
a:run{ seconds = 1 }
local v = box.velocity
print((v.y == v.y and v.y - v.y == 0) and "FINITE" or "NON-FINITE")
return a
