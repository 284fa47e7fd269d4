-- expect: ok or error "instruction budget exceeded"
-- Vectors and option tables carrying every comparison/arith metamethod (all looping): the host
-- must never compare, concatenate or stringify script tables outside the budget.
local dyn = require "dynamics"
local loop = function() while true do end end
local mt = { __eq = loop, __lt = loop, __le = loop, __concat = loop, __tostring = loop, __name = "vec",
             __add = loop, __unm = loop, __close = loop, __mode = "k", __call = loop }
local function v(x, y) return setmetatable({ x, y }, mt) end
local a = dyn.animator{ bounds = setmetatable({ 0, 0, 320, 480 }, mt) }
local box = dyn.item{ size = v(10, 10), center = v(100, 100) }
local g = dyn.gravity{ items = setmetatable({ box }, mt), direction = v(0, 1) }
local c = dyn.collision{ items = { box }, boundsAsBoundary = true, insets = setmetatable({ 1, 1, 1, 1 }, mt) }
c:addBoundary("shelf", v(0, 400), v(200, 420))
a:addBehavior(g)
a:addBehavior(c)
print(box.center.x)
return a
