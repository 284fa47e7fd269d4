-- expect: ok "FINITE" not "NON-FINITE"
-- A custom field that runs its force law in a coroutine, resumed once per evaluation, and
-- creates and abandons a coroutine each time.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
local law = coroutine.wrap(function(p)
  while true do p = coroutine.yield(-p.x / 10, -p.y / 10) end
end)
a:addBehavior(dyn.field.custom{ items = {box}, position = {0, 0}, evaluate = function(p, v)
  local abandoned = coroutine.create(function() coroutine.yield() end)
  coroutine.resume(abandoned)
  return law({ x = p.x, y = p.y })
end })
box.center = {50, 50}
a:run{ seconds = 1 }
local c = box.center
print((c.x == c.x and c.x - c.x == 0) and "FINITE" or "NON-FINITE")
return a
