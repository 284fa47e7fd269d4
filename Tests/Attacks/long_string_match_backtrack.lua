-- expect: error "instruction budget exceeded" | "too complex" | "pattern"
-- Greedy repetitions backtracking, through string.match.
print(string.match(("a"):rep(5000), ("a*"):rep(25) .. "b"))
