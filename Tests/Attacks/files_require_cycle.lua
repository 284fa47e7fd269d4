-- expect: error "behaviors/cycle_b.lua:2: plugin 'cycle_a' requires itself: cycle_a → cycle_b → cycle_a"
-- Two plugins that require each other recursed until the C stack overflowed ("C stack
-- overflow", no location); the cycle is an error where it closes.
local dyn = require "dynamics"
local a = require "cycle_a"
return dyn.animator{}
