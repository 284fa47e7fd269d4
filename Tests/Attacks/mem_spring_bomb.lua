-- expect: error "not enough memory"
-- Springs kept by the million: each is a userdata in Lua's own memory, so the state's cap
-- stops the script (no host memory grows behind the allocator's back).
-- args: --seconds 1 --lua-budget 100000000000 --lua-memory 16
local dyn = require "dynamics"
local a = dyn.animator{}
local kept = {}
for i = 1, 10000000 do kept[i] = dyn.spring{ frequency = 1 + i % 100, damping = 0.5 } end
print("kept")
return a
