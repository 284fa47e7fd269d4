-- expect: error "step"
-- A task that steps its own animator from inside the step: refused, not re-entered.
local dyn = require "dynamics"
local a = dyn.animator{}
a:spawn(function() dyn.wait(0.05); a:step() end)
return a
