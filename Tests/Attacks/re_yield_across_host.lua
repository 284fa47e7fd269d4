-- expect: ok "DONE" or error "yield" not "NON-FINITE"
-- Coroutines that yield from inside host callbacks (action, field evaluate) that a coroutine
-- started: a yield across the host must be an error, never a long jump through Swift.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.behavior{ action = function() coroutine.yield("from action") end })
a:addBehavior(dyn.field.custom{ items = {box}, evaluate = function() coroutine.yield("from field"); return 0, 0 end })
local co = coroutine.create(function() a:run{ seconds = 0.1 }; a:step(); return "stepped" end)
for i = 1, 5 do print(coroutine.resume(co)) end
local c = box.center
print((c.y == c.y) and "DONE" or "NON-FINITE")
return a
