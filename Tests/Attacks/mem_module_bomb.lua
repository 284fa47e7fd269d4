-- expect: error "require 'hoarding_module': lib/hoarding_module.lua: not enough memory"
-- args: --seconds 1 --lua-budget 1000000000 --lua-memory 32
-- A module that allocates past the memory cap while it loads: Lua's memory error has no
-- location, so the message names the require's line and the module's file.
local dyn = require "dynamics"
local m = require "hoarding_module"
return dyn.animator{}
