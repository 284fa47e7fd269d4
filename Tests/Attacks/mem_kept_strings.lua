-- expect: error "item.name: at most 4096 bytes, got 8000000" at 15
-- Strings the model keeps are copies: one 8 MB Lua string used as the name of 300 items grew
-- the process by 2.4 GB under a 64 MB cap. Names, boundary identifiers and plugins' string
-- parameters are limited to 4 KiB; at the limit they are accepted.
-- args: --seconds 1 --lua-budget 100000000000
local dyn = require "dynamics"
local ok = ("n"):rep(4096)
local huge = ("n"):rep(8000000)
local it = dyn.item{ size = {10, 10}, name = ok }
assert(it.name == ok)
local c = dyn.collision{ items = { it } }
c:addBoundary(ok, {0, 0}, {10, 0})
local e = select(2, pcall(c.addBoundary, c, huge, {0, 0}, {10, 0}))
assert(tostring(e):find("addBoundary(id): at most 4096 bytes", 1, true), e)
for i = 1, 300 do dyn.item{ size = {10, 10}, name = huge } end
return dyn.animator{}
