-- expect: error "instruction budget exceeded" | "out of bounds" | "too"
-- table.remove(t, 1) on a table whose __len says 2^62.
local t = setmetatable({}, { __len = function() return 1 << 62 end })
table.remove(t, 1)
