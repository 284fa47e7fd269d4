-- expect: error "not enough memory" | "instruction budget exceeded"
-- Lists built by the host (a:behaviors(), itemsIn) kept alive until past the cap.
-- args: --seconds 1 --lua-budget 1000000000 --lua-memory 16
local dyn = require "dynamics"
local a = dyn.animator{}
for i = 1, 200 do a:addBehavior(dyn.gravity{ items = { dyn.item{ size = {1, 1}, center = {i, i} } } }) end
a:step()
Keep = {}
for i = 1, 100000 do
  Keep[#Keep + 1] = a:behaviors()
  Keep[#Keep + 1] = a:itemsIn{ -1000, -1000, 2000, 2000 }
end
print("cap escaped: " .. #Keep .. " lists")
