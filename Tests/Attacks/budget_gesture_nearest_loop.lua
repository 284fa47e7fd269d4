-- expect: error "instruction budget exceeded"
-- A long target list searched in a loop: each call walks the list in the host, and host time
-- counts against the budget, so the loop is stopped.
local dyn = require "dynamics"
local a = dyn.animator{}
local targets = {}
for i = 1, 100000 do targets[i] = { i % 1000, i // 1000 } end
while true do dyn.gesture.nearest({500, 50}, targets) end
