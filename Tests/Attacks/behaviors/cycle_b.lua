-- The other half of the cycle of cycle_a.lua.
local a = require "cycle_a"
return { name = "cycle_b", params = {}, action = function() end }
