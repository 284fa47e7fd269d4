-- expect: error "not enough memory"
-- A table grown past the cap, element by element, behind pcall (the memory error is caught,
-- and the script keeps allocating: the cap must hold every time).
-- args: --seconds 1 --lua-budget 1000000000 --lua-memory 32
Keep = {}
for round = 1, 20 do
  pcall(function()
    local t = {}
    Keep[round] = t
    for i = 1, 1 << 22 do t[i] = i end
  end)
end
local total = 0
for _, t in ipairs(Keep) do total = total + #t end
-- 32 MB holds at most 2^21 integers (16 bytes each); more means the cap did not hold.
if total > 1 << 21 then print("cap escaped: " .. total .. " elements held") return end
error("not enough memory: the cap held (" .. total .. " elements)")
