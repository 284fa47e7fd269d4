-- expect: ok "released"
-- Replacing a collision callback or the animator's delegate releases the function it
-- replaces: 200 000 assignments fit in a 16 MB state (each one took a registry slot that was
-- never given back).
-- args: --seconds 1 --lua-budget 100000000000 --lua-memory 16
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 100, 100} }
local box = dyn.item{ size = {10, 10}, center = {50, 50} }
local c = dyn.collision{ items = {box}, boundsAsBoundary = true }
for i = 1, 200000 do
  c.onBegan = function() end
  c.onEnded = function() end
  a.delegate = { didPause = function() end }
end
collectgarbage()
print("released")
a:addBehavior(c)
return a
