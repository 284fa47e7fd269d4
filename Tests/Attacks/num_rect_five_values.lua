-- expect: error "animator.bounds: expected a rectangle {x, y, width, height}, got a list of 5 values" at 5
-- A rectangle of five values was taken for its first four, as vectors of three
-- were: an error names it.
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 400, 400, 5} }
return a
