-- expect: error "instruction budget exceeded" at 5
-- A module that loops forever, required under pcall: catching the budget error does not
-- resume the call (it is raised again where the pcall returns).
local dyn = require "dynamics"
local ok, err = pcall(require, "looping_module")
print("resumed after " .. tostring(err))
return dyn.animator{}
