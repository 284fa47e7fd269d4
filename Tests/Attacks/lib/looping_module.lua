-- A module that never finishes loading (budget_module_loop.lua).
local n = 0
while true do n = n + 1 end
