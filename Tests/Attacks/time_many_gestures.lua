-- expect: ok or error "memory" | "instruction budget exceeded"
-- Ten thousand scripted drags, each on its own path of a thousand points, all at once: one
-- pointer, each new one takes it over; the run ends within its time.
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 400, 400} }
local box = dyn.item{ center = {200, 200}, size = {40, 40} }
a:addBehavior(dyn.itemBehavior{ items = {box} })
local path = {}
for i = 1, 1000 do path[i] = { (i * 37) % 400, (i * 91) % 400 } end
for i = 1, 10000 do a:drag{ from = {200, 200}, path = path, to = {10, 10}, duration = 1 } end
return a
