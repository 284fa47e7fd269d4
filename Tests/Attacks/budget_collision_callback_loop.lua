-- expect: error "instruction budget exceeded"
-- onBegan loops inside a coroutine, resumed forever.
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 100, 100} }
local box = dyn.item{ size = {10, 10}, center = {50, 90} }
local c = dyn.collision{ items = {box}, boundsAsBoundary = true }
c.onBegan = function()
  while true do coroutine.resume(coroutine.create(function() while true do end end)) end
end
a:addBehavior(dyn.gravity{ items = {box} })
a:addBehavior(c)
return a
