-- expect: error "lib/cycle_right.lua:2: require: module 'cycle_left' requires itself: lib/cycle_left.lua → lib/cycle_right.lua → lib/cycle_left.lua"
-- Two modules that require each other: an error naming both files, where the cycle closes,
-- not a recursion until the C stack overflows.
local left = require "cycle_left"
return require("dynamics").animator{}
