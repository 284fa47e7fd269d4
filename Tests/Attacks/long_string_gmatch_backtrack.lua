-- expect: error "instruction budget exceeded" | "too complex" | "pattern"
-- gmatch over a backtracking pattern: every start position backtracks.
local n = 0
for m in string.gmatch(("a"):rep(4000), ("a-"):rep(20) .. "b") do n = n + 1 end
print(n)
