-- expect: error "not enough memory" | "too large"
-- table.concat of 100k items with a 1 MB separator: 100 GB asked for.
-- args: --seconds 1 --lua-budget 10000000 --lua-memory 32
local t = {}
for i = 1, 100000 do t[i] = "x" end
print(#table.concat(t, string.rep("-", 1 << 20)))
