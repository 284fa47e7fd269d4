-- expect: error "not enough memory"
-- A 300 MB allocation inside a collision callback during a:run{}.
-- args: --seconds 1 --lua-budget 1000000000 --lua-memory 32
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 100, 100} }
local box = dyn.item{ size = {10, 10}, center = {50, 90} }
local c = dyn.collision{ items = {box}, boundsAsBoundary = true }
Hoard = {}
c.onBegan = function()
  if #Hoard > 0 then return end
  for i = 1, 300 do Hoard[i] = string.rep("z", 1 << 20) .. i end
  print("cap escaped: " .. #Hoard .. " MB held")
end
a:addBehavior(dyn.gravity{ items = {box} })
a:addBehavior(c)
a:run{ seconds = 1 }
return a
