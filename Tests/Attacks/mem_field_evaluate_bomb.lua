-- expect: error "not enough memory"
-- A 300 MB allocation inside a custom field's evaluate.
-- args: --seconds 1 --lua-budget 1000000000 --lua-memory 32
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {1, 1} }
Hoard = {}
a:addBehavior(dyn.field.custom{ items = {box}, evaluate = function()
  if #Hoard == 0 then
    for i = 1, 300 do Hoard[i] = string.rep("y", 1 << 20) .. i end
    print("cap escaped: " .. #Hoard .. " MB held")
  end
  return 0, 0
end })
a:run{ seconds = 0.05 }
return a
