-- expect: error "at most 21 collision behaviors" at 8
-- 22 collision behaviors in one animator (each owns three of the engine filter's 64 bits, so
-- 21 fit): an error with file:line naming the limit; never a trap.
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 1000, 1000} }
for i = 1, 22 do
  local box = dyn.item{ size = {10, 10}, center = {i * 12, 100} }
  a:addBehavior(dyn.collision{ items = {box}, boundsAsBoundary = true })
  a:addBehavior(dyn.gravity{ items = {box} })
end
a:step()
return a
