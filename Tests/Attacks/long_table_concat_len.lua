-- expect: error "instruction budget exceeded" | "not enough memory" | "too"
-- table.concat over a lying __len with an __index that always answers.
local t = setmetatable({}, { __len = function() return 1 << 62 end, __index = function() return "" end })
print(#table.concat(t))
