-- expect: ok "handles collected"
-- 100k reads of field.region (each a new handle) must leave nothing behind after a full collection.
-- args: --seconds 1 --lua-budget 1000000000
local dyn = require "dynamics"
local a = dyn.animator{}
local f = dyn.field.drag{ items = { dyn.item{ size = {1, 1} } } }
a:addBehavior(f)
collectgarbage(); collectgarbage()
local before = collectgarbage("count")
for i = 1, 100000 do local r = f.region end
for i = 1, 20000 do local b = a:behaviors() end
collectgarbage(); collectgarbage()
local grown = collectgarbage("count") - before
if grown > 512 then error(string.format("dropped handles pinned: %.0f KB after a full collection", grown)) end
print("handles collected")
return a
