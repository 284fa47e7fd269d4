-- expect: error "a region may have at most 1000 parts" at 6
-- A 200 000-deep chain of unions: membership and freeing recurse through the whole tree
-- (the stack overflowed when a field used it).
-- args: --seconds 1 --lua-budget 10000000000
local dyn = require "dynamics"
local r = dyn.region.circle(10) for i = 1, 200000 do r = r:union(dyn.region.circle(1)) end
local a = dyn.animator{}
a:addBehavior(dyn.field.radialGravity{ items = { dyn.item{ size = {1, 1} } }, region = r })
a:step()
return a
