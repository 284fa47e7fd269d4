-- expect: ok or usage "--lua-budget"
-- --lua-budget math.maxinteger: accepted and clamped, or refused as bad usage; never a trap.
-- args: --seconds 0.1 --lua-budget 9223372036854775807
local dyn = require "dynamics"
return dyn.animator{}
