-- expect: error "not enough memory"
-- Doubling a string past the cap, at the top level.
-- args: --seconds 1 --lua-budget 1000000000 --lua-memory 32
local s = "x"
for i = 1, 40 do s = s .. s end
print("cap escaped: " .. #s)
