-- expect: error "addChild" at 7
-- A behavior made its own ancestor (a cycle through a grandchild): an error with file:line, not a trap.
local dyn = require "dynamics"
local a = dyn.animator{}
local top, mid, low = dyn.behavior{}, dyn.behavior{}, dyn.behavior{}
top:addChild(mid); mid:addChild(low)
low:addChild(top)
a:addBehavior(top)
return a
