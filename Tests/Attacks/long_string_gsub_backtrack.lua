-- expect: error "instruction budget exceeded" | "too complex" | "pattern"
-- gsub with a backtracking pattern and a plain replacement, behind pcall in a loop.
while true do pcall(string.gsub, ("a"):rep(4000), ("a?"):rep(40) .. ("a"):rep(40) .. "b", "") end
