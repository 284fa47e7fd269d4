-- expect: error "more errors (the first 100 are shown)"
-- args: --seconds 0.05 --lua-budget 100000000
-- Every failing callback's error was kept and printed: 100 000 actions failing 50 calls deep
-- with 5 000-byte messages printed 500 MB and held 600 MB. A run prints the first 100 errors
-- and counts the rest; a test case keeps its first.
local dyn = require "dynamics"
local a = dyn.animator{}
local msg = string.rep("e", 5000)
local function deep(n) if n == 0 then error(msg) end return (deep(n - 1)) end
local it = dyn.item{ size = {1, 1} }
a:addBehavior(dyn.gravity{ items = {it} })
for i = 1, 5000 do
  a:addBehavior(dyn.behavior{ action = function() deep(50) end })
end
return a
