-- expect: error "not enough memory"
-- A 300 MB allocation in the delegate's didPause, reached through a:run{ untilPaused = true }.
-- args: --seconds 1 --lua-budget 1000000000 --lua-memory 32
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {1, 1} }
a:addBehavior(dyn.itemBehavior{ items = {box} })
Hoard = {}
a.delegate = { didPause = function()
  if #Hoard > 0 then return end
  for i = 1, 300 do Hoard[i] = string.rep("d", 1 << 20) .. i end
  print("cap escaped: " .. #Hoard .. " MB held")
end }
a:run{ untilPaused = true, seconds = 5 }
return a
