-- expect: error "C stack overflow" | "memory" | "instruction budget exceeded"
-- Tasks spawning tasks every step for the whole run: bounded by the budget and the cap, and
-- the run ends.
local dyn = require "dynamics"
local a = dyn.animator{}
local function breed()
  while true do
    a:spawn(breed); a:spawn(breed)
    dyn.wait(0)
  end
end
a:spawn(breed)
return a
