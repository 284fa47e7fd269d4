-- expect: error "msg_number_error_located.lua:6: 42"
-- A number raised as an error lost its location (Lua locates only strings): "error: 42".
-- It is now shown with the line that raised it, like any other error object.
local dyn = require "dynamics"
local a = dyn.animator{}
error(42)
return a
