-- expect: ok "item lists collected"
-- 20k behaviors made, their `items` read (a kept table of handles), then dropped: their lists
-- and the handles in them must go with them after a full collection.
-- args: --seconds 1 --lua-budget 1000000000
local dyn = require "dynamics"
local a = dyn.animator{}
collectgarbage(); collectgarbage()
local before = collectgarbage("count")
for i = 1, 20000 do
  local g = dyn.gravity{ items = { dyn.item{ size = {1, 1} }, dyn.item{ size = {1, 1} } } }
  local items = g.items
  assert(#items == 2 and g.items == items)
end
collectgarbage(); collectgarbage()
local grown = collectgarbage("count") - before
if grown > 512 then error(string.format("dropped behaviors' item lists pinned: %.0f KB after a full collection", grown)) end
print("item lists collected")
return a
