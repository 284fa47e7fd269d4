-- expect: error "item.size" | "vector boom"
-- An __index that raises (a table, not a string) while the host reads a vector: the error
-- must not long-jump through Swift frames.
local dyn = require "dynamics"
local a = dyn.animator{}
local size = setmetatable({}, { __index = function() error(setmetatable({}, { __tostring = function() return "vector boom" end })) end })
dyn.item{ size = size }
return a
