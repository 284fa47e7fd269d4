-- expect: usage "--seconds" | "--fps"
-- --seconds 1e300 with the default 60 fps: 6e301 frames.
-- args: --seconds 1e300 --lua-budget 10000000
local dyn = require "dynamics"
return dyn.animator{}
