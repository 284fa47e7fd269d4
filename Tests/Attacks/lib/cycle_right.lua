-- The other half of the cycle of lib/cycle_left.lua.
local left = require "cycle_left"
return { left = left }
