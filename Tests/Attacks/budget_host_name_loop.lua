-- expect: error "instruction budget exceeded"
-- Host calls in the loop: time spent in the host counts, and no host call restarts the budget.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10}, name = "box" }
while true do local n = box.name end
