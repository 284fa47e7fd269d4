-- expect: error "unknown property 'size" at 6
-- An option name with a zero byte is not the name before the zero: {["size\0x"] = …} is an
-- unknown option, not a missing size.
-- args: --seconds 1
local dyn = require "dynamics"
local it = dyn.item{ ["size\0x"] = {10, 10} }
return dyn.animator{}
