-- expect: error "so the script is stopped"
-- args: --seconds 2 --lua-budget 100000000
-- Each call into Lua is bounded by its budget (1 s here), but a scene of many callbacks that
-- each loop held the CLI for one budget per callback: 10 actions, 10 fields and 10 timers took
-- 30 s. After three calls from the host ran out of budget, the state refuses every later call.
local dyn = require "dynamics"
local a = dyn.animator{}
local items = {}
for i = 1, 5 do items[i] = dyn.item{ size = {10, 10}, center = {20 * i, 0} } end
for k = 1, 10 do
  a:addBehavior(dyn.behavior{ action = function() while true do end end })
  a:addBehavior(dyn.field.custom{ items = items, evaluate = function() while true do end end })
  a:every(0.01, function() while true do end end)
end
return a
