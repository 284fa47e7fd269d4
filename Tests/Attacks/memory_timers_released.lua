-- expect: ok "made 3"
-- Ended timers release their functions: each timer here holds a 1 MB string through its
-- function's upvalue, and 5 s at 60 frames makes 300 of them. They were held for good (the
-- cap ran out after about 60); a timer that fired, returned false or was cancelled now lets
-- its function go, and memory stays level.
-- args: --seconds 5 --lua-budget 10000000
local dyn = require "dynamics"
local a = dyn.animator{}
a:addBehavior(dyn.gravity{ items = { dyn.item{ size = {10, 10} } } })
local made = 0
a:every(1e-6, function()
  local big = string.rep("x", 1 << 20) .. made
  a:after(0, function() return #big end)                             -- fires, then ends
  a:every(0.001, function() return #big > 0 and false end)           -- returns false
  local t = a:after(100, function() return #big end); t:cancel()     -- cancelled
  made = made + 1
  collectgarbage()
  if made == 3 then print("made 3") end
  return true
end)
return a
