-- expect: error "seconds"
-- A scene that returns seconds = 1e300 (10^302 frames).
-- args: --lua-budget 10000000
local dyn = require "dynamics"
local a = dyn.animator{}
return { animator = a, seconds = 1e300 }
