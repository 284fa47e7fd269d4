-- expect: error "seconds"
-- A scene that returns seconds = NaN.
-- args: --lua-budget 10000000
local dyn = require "dynamics"
local a = dyn.animator{}
return { animator = a, seconds = 0 / 0 }
