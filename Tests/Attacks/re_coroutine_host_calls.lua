-- expect: ok "HOST CALLS OK"
-- Host calls made from inside a coroutine must read the coroutine's own stack
-- ("expected a item, got thread" today).
local dyn = require "dynamics"
local a
local co = coroutine.wrap(function()
  a = dyn.animator{}
  local box = dyn.item{ size = {10, 10}, name = "box" }
  coroutine.yield()
  a:addBehavior(dyn.gravity{ items = {box} })
  a:step()
  box.center = { 3, 4 }
  coroutine.yield()
  assert(box.name == "box" and box.center.x == 3, "wrong values read from a coroutine")
  return "done"
end)
co(); co()
assert(co() == "done")
print("HOST CALLS OK")
return a
