-- expect: error "item.shape: must enclose an area" at 8
-- A shape whose points enclose no area (collinear) is refused where the item is made, naming
-- that line, not later at the first step that adds the item to the world.
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 200, 200} }
local ok = dyn.item{ size = {10, 10}, center = {50, 50}, shape = { {0, 0}, {10, 0}, {0, 10} } }
a:addBehavior(dyn.gravity{ items = {ok} })
local flat = dyn.item{ size = {10, 10}, center = {100, 100}, shape = { {0, 0}, {1, 0}, {2, 0} } }
a:addBehavior(dyn.gravity{ items = {flat} })
return a
