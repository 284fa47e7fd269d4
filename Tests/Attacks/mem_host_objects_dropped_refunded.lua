-- expect: ok "refunded"
-- Host objects the script made and dropped are refunded when they are freed: 250 000 items
-- (500 MB of charges, 31 times the cap) and 100 000 behaviors (50 MB) made and dropped fit
-- in a 16 MB state.
-- args: --seconds 1 --lua-budget 100000000000 --lua-memory 16
local dyn = require "dynamics"
for i = 1, 250000 do local it = dyn.item{ size = {1, 1} } end
for i = 1, 100000 do local g = dyn.gravity{} end
local a = dyn.animator{}
a:addBehavior(dyn.gravity{ items = { dyn.item{ size = {1, 1} } } })
print("refunded")
return a
