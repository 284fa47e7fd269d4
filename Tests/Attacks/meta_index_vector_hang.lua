-- expect: error "item.center" | "instruction budget exceeded"
-- A vector whose x and y come from a looping __index.
local dyn = require "dynamics"
local a = dyn.animator{}
local center = setmetatable({}, { __index = function() while true do end end })
dyn.item{ size = {1, 1}, center = center }
return a
