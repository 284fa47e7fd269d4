-- expect: ok "RANDOM REPEATABLE 0.98092345742621 44"
-- math.random starts from a fixed seed in every state, so a scene that scatters its items with
-- it runs the same way every time (Lua seeded it from the clock, and every run
-- differed). The printed values are the fixed seed's first draws.
local dyn = require "dynamics"
local x, n = math.random(), math.random(1, 100)
print(string.format("RANDOM REPEATABLE %.14g %d", x, n))
local a = dyn.animator{ bounds = {0, 0, 400, 400} }
a:addBehavior(dyn.gravity{ items = { dyn.item{ center = {math.random(50, 350), 100}, size = {10, 10} } } })
return a
