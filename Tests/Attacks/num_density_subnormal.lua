-- expect: error "itemBehavior.density: must be a finite number > 0 (at least 1e-06)" at 11
-- A density of 1e-301 on the smallest item made a mass of 1e-309 (subnormal): its inverse was
-- infinite, the item's center NaN, and itemsIn trapped. Densities below Limits.minimumDensity
-- are refused where they enter, as a property too.
-- args: --seconds 1
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {0.01, 0.01} }
local b = dyn.itemBehavior{ items = {box}, density = 1e-6 }
assert(not pcall(function() b.density = 1e-310 end))
a:addBehavior(dyn.itemBehavior{ items = {box}, density = 1e-301 })
return a
