-- expect: ok "refunded"
-- args: --seconds 1 --lua-budget 100000000000 --lua-memory 4
-- addItem charges the list entry and removeItem refunds it: 500 items added to and removed
-- from 100 composites fit in 4 MB; adding them to 200 is refused, and removing them
-- refunds what was charged.
local dyn = require "dynamics"
local items, behaviors = {}, {}
for i = 1, 500 do items[i] = dyn.item{ size = {1, 1} } end
for k = 1, 200 do behaviors[k] = dyn.behavior{} end
for round = 1, 1 do
  for k = 1, 100 do for i = 1, 500 do behaviors[k]:addItem(items[i]) end end
  for k = 1, 100 do for i = 1, 500 do behaviors[k]:removeItem(items[i]) end end
end
local ok = pcall(function() for k = 1, 200 do for i = 1, 500 do behaviors[k]:addItem(items[i]) end end end)
assert(not ok, "100 000 list entries (4.8 MB) beside 500 items (1 MB) pass 4 MB")
for k = 1, 200 do for i = 1, 500 do behaviors[k]:removeItem(items[i]) end end
print("refunded")
return dyn.animator{}
