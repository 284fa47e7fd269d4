-- expect: ok "FINITE" or error "inside its own step" not "NON-FINITE"
-- A plugin (behaviors/restepper.lua) that steps its animator from its own action and field.
local dyn = require "dynamics"
local a = dyn.animator{}
Animator = a
local box = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.use("restepper"){ items = {box} })
a:run{ seconds = 0.2 }
local c = box.center
print((c.y == c.y and c.y - c.y == 0) and "FINITE" or "NON-FINITE")
return a
