-- expect: ok or usage "--lua-memory"
-- --lua-memory math.maxinteger (MB): the shift to bytes overflows.
-- args: --seconds 0.1 --lua-budget 10000000 --lua-memory 9223372036854775807
local dyn = require "dynamics"
return dyn.animator{}
