-- expect: ok "FINITE" not "NON-FINITE"
-- An action that adds and removes behaviors (itself included), children and items every frame.
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 200, 200} }
local box = dyn.item{ size = {10, 10}, center = {100, 100} }
local g = dyn.gravity{ items = {box} }
local parent = dyn.behavior{}
local n = 0
local self_
self_ = dyn.behavior{ action = function()
  n = n + 1
  if n % 2 == 0 then a:removeBehavior(g) else a:addBehavior(g) end
  if n % 3 == 0 then parent:addChild(dyn.push{ items = {box}, mode = "instantaneous", direction = {0, -1} }) end
  if n % 5 == 0 then a:removeBehavior(self_); a:addBehavior(self_) end
  if n % 7 == 0 then g:removeItem(box); g:addItem(box) end
  if n % 11 == 0 then a:removeAllBehaviors(); a:addBehavior(self_); a:addBehavior(parent) end
end }
a:addBehavior(self_)
a:addBehavior(parent)
a:run{ seconds = 1 }
local c = box.center
print((c.y == c.y and c.y - c.y == 0) and "FINITE" or "NON-FINITE")
return a
