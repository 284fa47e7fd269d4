-- expect: ok or error "instruction budget exceeded"
-- A plugin whose definition table (behaviors/hostile_definition.lua) loops in __index when
-- the host reads params/action/field.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.use("hostile_definition"){ items = {box} })
return a
