-- expect: error "seconds"
-- A scene that returns seconds = -1 (the CLI runs the scene's own length when --seconds is absent).
-- args: --lua-budget 10000000
local dyn = require "dynamics"
local a = dyn.animator{}
dyn.gravity{ items = { dyn.item{ size = {1, 1} } } }
return { animator = a, seconds = -1 }
