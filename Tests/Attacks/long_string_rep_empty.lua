-- expect: ok "FINISHED" or error "instruction budget exceeded" | "too large" | "not enough memory"
-- string.rep of the empty string math.maxinteger times: no memory, all time.
local s = string.rep("", math.maxinteger)
print(#s)
print("FINISHED")
return require("dynamics").animator{}
