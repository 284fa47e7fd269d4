-- expect: error "too many results" | "stack overflow" | "not enough memory"
-- table.unpack of a lying __len and of 10^8 elements.
local t = setmetatable({}, { __len = function() return 1 << 40 end })
print(select("#", table.unpack({}, 1, 1e8)))
print(select("#", table.unpack(t)))
