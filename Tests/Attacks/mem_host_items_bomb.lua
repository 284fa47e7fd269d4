-- expect: error "dynamics.item: not enough memory" at 9
-- Two million items added to a behavior, each handle dropped at once: the items live on in
-- Swift (about 2 KB each, 4.3 GB in all) where the Lua allocator never sees them. Host
-- objects a script makes count against the cap, so this stops near 16 MB.
-- args: --seconds 1 --lua-budget 100000000000 --lua-memory 16
local dyn = require "dynamics"
local a = dyn.animator{}
local g = dyn.gravity{}
a:addBehavior(g) for i = 1, 2000000 do g:addItem(dyn.item{ size = {1, 1}, center = {i % 1000, i // 1000} }) end
print("added")
return a
