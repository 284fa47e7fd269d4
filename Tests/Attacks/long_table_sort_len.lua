-- expect: error "instruction budget exceeded" | "array too big" | "invalid order function" | "compare"
-- table.sort of a table whose __len says 2^30 and whose __index invents values, with a
-- comparator that lies.
local t = setmetatable({}, { __len = function() return 1 << 30 end, __index = function(_, i) return i % 7 end })
table.sort(t, function(a, b) return true end)
