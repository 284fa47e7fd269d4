-- expect: error "instruction budget exceeded" | "too large" | "not enough memory"
-- string.rep with empty separator and a huge count, behind pcall in a loop.
while true do pcall(string.rep, "", math.maxinteger, "") end
