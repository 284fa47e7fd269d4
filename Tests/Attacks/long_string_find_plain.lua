-- expect: ok "FINISHED" or error "instruction budget exceeded" | "too large" | "not enough memory"
-- A plain find of a 256 KB needle (all 'a' but the last byte) in 16 MB of 'a': quadratic.
local hay = string.rep("a", 16 << 20)
local needle = string.rep("a", (256 << 10) - 1) .. "b"
print(string.find(hay, needle, 1, true))
print("FINISHED")
return require("dynamics").animator{}
