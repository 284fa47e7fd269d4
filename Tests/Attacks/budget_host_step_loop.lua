-- expect: error "instruction budget exceeded"
-- a:step() in an endless loop: almost all the time is host time.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.gravity{ items = {box} })
while true do a:step() end
