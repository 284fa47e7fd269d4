-- expect: error "not enough memory" | "instruction budget exceeded"
-- A million waiting tasks: each is charged to the memory cap; the script stops at the cap.
local dyn = require "dynamics"
local a = dyn.animator{}
for i = 1, 1000000 do a:spawn(function() dyn.wait(1) end) end
return a
