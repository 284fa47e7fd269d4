-- expect: error "instruction budget exceeded" at 7
-- A task (animator:spawn, docs/lua-api.md "Sequencing") that loops forever after its first
-- wait: its resume is one call into Lua under the budget; the run ends, reported.
local dyn = require "dynamics"
local a = dyn.animator{}
a:spawn(function()
  dyn.wait(0.1); while true do pcall(function() while true do end end) end
end)
return a
