-- A module that allocates past the memory cap while it loads (mem_module_bomb.lua).
local hoard = {}
for i = 1, 1e9 do hoard[i] = string.rep("m", 1 << 20) .. i end
return hoard
