-- expect: ok "STRING PARAMS CAPPED"
-- A Lua plugin's string parameter is at most 4 KiB, as every string parameter (README), in
-- the constructor's overrides and when set later (100 000 bytes were taken).
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
local make = dyn.use("labelled")
local ok, err = pcall(make, { items = {box}, label = string.rep("b", 5000) })
assert(not ok and tostring(err):find("labelled.label: at most 4096 bytes, got 5000", 1, true), tostring(err))
local w = make{ items = {box}, label = string.rep("b", 4096) }
ok, err = pcall(function() w.label = string.rep("b", 100000) end)
assert(not ok and tostring(err):find("labelled.label: at most 4096 bytes, got 100000", 1, true), tostring(err))
assert(#w.label == 4096)
a:addBehavior(w)
print("STRING PARAMS CAPPED")
return a
