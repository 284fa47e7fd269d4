-- expect: ok or error "items" not "NON-FINITE"
-- The same item twice in one list, and added twice with addItem; removing an item that is not there.
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 200, 200} }
local box = dyn.item{ size = {10, 10}, center = {100, 100} }
local c = dyn.collision{ items = {box, box, box}, boundsAsBoundary = true }
local g = dyn.gravity{ items = {box, box} }
pcall(function() g:addItem(box); g:addItem(box) end)
a:addBehavior(c); a:addBehavior(g)
a:addBehavior(dyn.itemBehavior{ items = {box, box} })
a:addBehavior(dyn.snap{ item = box, point = {50, 50} })
a:addBehavior(dyn.snap{ item = box, point = {150, 150} })
pcall(function() g:removeItem(dyn.item{ size = {1, 1} }) end)
a:run{ seconds = 0.5 }
local v = box.velocity
print((v.x == v.x) and "FINITE" or "NON-FINITE")
return a
