-- expect: error "attachment" at 6
-- An attachment from an item to itself (every type).
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
for _, t in ipairs{ "spring", "sliding", "limit", "fixed", "pin" } do a:addBehavior(dyn.attachment{ item = box, to = box, type = t, anchor = {0, 0} }) end
a:step()
return a
