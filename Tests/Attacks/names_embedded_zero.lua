-- expect: error "has no property or method 'velocity" at 8
-- A key with a zero byte is not the name before the zero: "velocity\0x" read as "velocity".
-- args: --seconds 1
local dyn = require "dynamics"
local a = dyn.animator{}
local it = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.gravity{ items = { it } })
local v = it["velocity\0x"]
return a
