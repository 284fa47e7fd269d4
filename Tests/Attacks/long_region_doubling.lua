-- expect: error "a region may have at most 1000 parts" at 7
-- Sixty doublings share one subtree: 2⁶⁰ nodes to visit per membership test, so the first
-- frame of a field over it never ended.
-- args: --seconds 1
local dyn = require "dynamics"
local r = dyn.region.rect(10, 10)
for i = 1, 60 do r = r:union(r) end
local a = dyn.animator{}
a:addBehavior(dyn.field.drag{ items = { dyn.item{ size = {1, 1} } }, region = r })
return a
