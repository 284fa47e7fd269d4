-- expect: error "instruction budget exceeded"
-- A chunk loaded with its own environment, whose __index and __newindex loop.
local env = setmetatable({}, { __index = function() while true do end end, __newindex = function() while true do end end })
local f = load("x = 1; return y", "=inner", "t", env)
while true do pcall(f) end
