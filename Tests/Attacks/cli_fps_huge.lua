-- expect: usage "--fps" | "--seconds"
-- --fps 1e300 for one second.
-- args: --seconds 1 --fps 1e300 --lua-budget 10000000
local dyn = require "dynamics"
return dyn.animator{}
