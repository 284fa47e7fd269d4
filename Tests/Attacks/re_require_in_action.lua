-- expect: ok "RE-ENTERED" or error "inside its own step"
-- A module loaded for the first time from an action, whose chunk steps the animator: the
-- module runs inside the step, as any call from the action would.
local dyn = require "dynamics"
local a = dyn.animator{}
Animator = a
local box = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.behavior{ items = {box}, action = function()
  local m = require "restepping_module"
  assert(m.loaded)
end })
a:addBehavior(dyn.gravity{ items = {box} })
a:run{ seconds = 0.1 }
print("RE-ENTERED")
return a
