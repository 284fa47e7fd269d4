-- expect: error "instruction budget exceeded" at 7
-- A waitUntil condition that never returns: each call is under the budget.
local dyn = require "dynamics"
local a = dyn.animator{}
a:spawn(function()
  dyn.waitUntil(function()
    while true do end
  end, 1)
end)
return a
