-- expect: error "not enough memory"
-- A 300 MB allocation inside an action that a:run{} runs (Lua code inside a host call).
-- The bomb is finite: past the cap it completes and prints, which fails the expectation.
-- args: --seconds 1 --lua-budget 1000000000 --lua-memory 32
local dyn = require "dynamics"
local a = dyn.animator{}; a:addBehavior(dyn.gravity{ items = { dyn.item{ size = {1, 1} } } }) -- keeps the animator running
local box = dyn.item{ size = {1, 1} }
Hoard = {}
a:addBehavior(dyn.behavior{ items = {box}, action = function()
  if #Hoard > 0 then return end
  for i = 1, 300 do Hoard[i] = string.rep("x", 1 << 20) .. i end
  print("cap escaped: " .. #Hoard .. " MB held")
end })
a:run{ seconds = 0.05 }
return a
