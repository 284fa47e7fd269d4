-- expect: ok "VARARGS OK"
-- Huge varargs: table.unpack near the stack limit, select with huge and negative indexes,
-- host functions given 200k arguments.
local dyn = require "dynamics"
local t = {}
for i = 1, 200000 do t[i] = i end
local n = select("#", table.unpack(t))
assert(n == 200000)
assert(not pcall(select, math.mininteger, 1, 2))
assert(select(math.maxinteger, 1, 2) == nil)
assert(not pcall(table.unpack, t, 1, 1 << 40))
assert(not pcall(table.unpack, {}, math.mininteger, math.maxinteger))
local ok = pcall(dyn.item, { size = {1, 1} }, table.unpack(t))
local a = dyn.animator{}
pcall(a.step, a, table.unpack(t))
pcall(a.addBehavior, a, table.unpack(t))
pcall(dyn.region.circle, 1, table.unpack(t))
print(string.format("%d", select("#", pcall(print, table.unpack(t, 1, 10)))))
print("VARARGS OK")
return a
