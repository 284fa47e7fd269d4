-- expect: error at 6
-- error(nil), error(42) and error(true) from a collision callback and an action: file:line kept.
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 100, 100} }
local box = dyn.item{ size = {10, 10}, center = {50, 85} }
a:addBehavior(dyn.behavior{ action = function() error(nil) end })
local c = dyn.collision{ items = {box}, boundsAsBoundary = true }
c.onBegan = function() error(42) end
a:addBehavior(dyn.gravity{ items = {box} })
a:addBehavior(c)
return a
