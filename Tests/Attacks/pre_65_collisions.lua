-- expect: ok or error "collision"
-- 65 collision behaviors in one animator (the engine has 64 collision groups): works, or an
-- error with file:line; never a trap.
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 1000, 1000} }
for i = 1, 65 do
  local box = dyn.item{ size = {10, 10}, center = {i * 12, 100} }
  a:addBehavior(dyn.collision{ items = {box}, boundsAsBoundary = true })
  a:addBehavior(dyn.gravity{ items = {box} })
end
a:step()
return a
