-- expect: error "a behavior tree may have at most 256 levels" at 8
-- 100 000 composites each the only child of the next, then added to an animator: the tree is
-- walked and freed recursively, so this overflowed the stack (a crash).
-- args: --seconds 1 --lua-budget 10000000000
local dyn = require "dynamics"
local a = dyn.animator{}
local b = dyn.gravity{ items = { dyn.item{ size = {1, 1} } } }
for i = 1, 100000 do b = dyn.behavior{ children = { b } } end
a:addBehavior(b)
a:step()
return a
