-- expect: error "gravity.direction: expected a vector {x, y}, got a list of 3 values" at 6
-- A vector of three values was taken for its first two: {1, 2, 3} is a mistake,
-- an error names it.
local dyn = require "dynamics"
local a = dyn.animator{}
local g = dyn.gravity{ items = {}, direction = {1, 2, 3} }
return a
