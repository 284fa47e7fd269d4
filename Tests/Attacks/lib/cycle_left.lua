-- Half of a cycle of modules (files_module_cycle.lua): it requires cycle_right, which requires it.
local right = require "cycle_right"
return { right = right }
