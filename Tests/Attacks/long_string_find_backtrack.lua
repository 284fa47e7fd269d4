-- expect: error "instruction budget exceeded" | "too complex" | "pattern"
-- A backtracking pattern: 30 lazy repetitions against 3000 'a' with no 'b'.
print(("a"):rep(3000):find(("a-"):rep(30) .. "b"))
