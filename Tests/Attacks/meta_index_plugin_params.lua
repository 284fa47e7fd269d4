-- expect: ok or error "instruction budget exceeded" | "hostile_params has no property or method 'missing'"
-- A plugin whose params table loops in __index and __pairs (behaviors/hostile_params.lua).
-- Its action runs (its item is in the world) and reads a parameter it does not have: a clear
-- error, the looping metamethods never run.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.use("hostile_params"){ items = {box}, strength = 2 })
a:run{ seconds = 0.1 }
return a
