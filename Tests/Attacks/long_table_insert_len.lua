-- expect: error "instruction budget exceeded" | "out of bounds" | "too"
-- table.insert at position 1 of a table whose __len says 2^62: shifts 2^62 elements.
local t = setmetatable({}, { __len = function() return 1 << 62 end })
table.insert(t, 1, "x")
