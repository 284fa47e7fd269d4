-- expect: error "lib/looping_module.lua:3: instruction budget exceeded"
-- A module whose chunk loops forever runs under the budget of the call that required it; the
-- error names the module's line.
local dyn = require "dynamics"
local looping = require "looping_module"
return dyn.animator{}
