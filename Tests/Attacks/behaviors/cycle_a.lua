-- A plugin that requires a plugin that requires it back (files_require_cycle.lua).
local b = require "cycle_b"
return { name = "cycle_a", params = {}, action = function() end }
