-- expect: error "finite" at 7 not "NON-FINITE"
-- A custom field returning NaN: an error naming the field's file:line; the state stays finite.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {20, 20} }
a:addBehavior(dyn.field.custom{ items = {box},
  evaluate = function()
    return 0 / 0, math.huge end })
a:run{ seconds = 0.2 }
local c = box.center
print((c.x == c.x and c.y == c.y) and "FINITE" or "NON-FINITE")
return a
