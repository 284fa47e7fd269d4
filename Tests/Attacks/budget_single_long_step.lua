-- expect: error "instruction budget exceeded" at 11
-- One a:step(10) is 1200 internal steps run by the host: the budget was checked only when it
-- returned (ten noise fields over 20 000 items: 45 s under a 1 s budget). The animator now
-- ends a frame between internal steps once the script's call is over budget. 1000 items here,
-- so that building the scene stays far inside the budget even on a loaded machine.
local dyn = require "dynamics"
local a = dyn.animator{}
local items = {}
for i = 0, 999 do items[#items + 1] = dyn.item{ size = {20, 20}, center = {25 * (i % 100), 25 * (i // 100)} } end
for k = 1, 10 do a:addBehavior(dyn.field.noise{ items = items, strength = 1 }) end
a:step(10)
return a
