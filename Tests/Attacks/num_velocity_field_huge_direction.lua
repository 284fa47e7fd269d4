-- expect: ok "1 items, 1.000 s simulated"
-- A velocity field sets 100 × direction pt/s; a direction of 1.01e5 (within ±1e9) made a
-- velocity past ±1e7, which the plugin context checked as a position: the check failed inside
-- the step, outside any call from a script, and trapped the process (SIGILL). Velocities are
-- now any finite value (the engine clamps speeds), and an error found while stepping goes to
-- the animator's handler.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10}, center = {0, 0} }
a:addBehavior(dyn.field.velocity{ items = {box}, direction = {1.01e5, 0} })
return { animator = a, seconds = 1 }
