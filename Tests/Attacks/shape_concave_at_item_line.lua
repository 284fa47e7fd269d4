-- expect: error "item.shape: must be convex" at 5
-- A concave shape is refused where the item is made, naming that line.
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 200, 200} }
local dart = dyn.item{ size = {10, 10}, center = {100, 100}, shape = { {0, 0}, {10, 0}, {1, 1}, {0, 10} } }
a:addBehavior(dyn.gravity{ items = {dart} })
return a
