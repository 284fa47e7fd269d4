-- expect: error "not enough memory" | "too large"
-- string.rep asking for 2^40 bytes: refused before allocating.
-- args: --seconds 1 --lua-budget 10000000 --lua-memory 32
local s = string.rep("x", 1 << 40)
print(#s)
