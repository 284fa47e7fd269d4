-- expect: ok or error "__gc"
-- A finalizer that loops, run when the state closes after the scene ends (lua_close).
-- Finalizers and closing must be bounded (or __gc refused in scripts).
local dyn = require "dynamics"
local a = dyn.animator{}
dyn.gravity{ items = { dyn.item{ size = {1, 1} } } }
Keep = setmetatable({}, { __gc = function() while true do end end })
return a
