-- expect: ok "FINITE"
-- args: --seconds 1 --lua-budget 300000000
-- A pin 5·10⁵ pt from a 0.01 pt item: the joint passes ran after the speed clamp, the long
-- lever on a light body gave 10⁸ pt/s in a frame and NaN in six seconds, the run still
-- exited 0, and itemsIn (in the script, the CLI or the viewer) then trapped on the NaN frame.
-- Speeds are now clamped before every displacement and at the end of each step.
local dyn = require "dynamics"
local a = dyn.animator{}
local big  = dyn.item{ size = {10, 10},     center = {0, 0} }
local tiny = dyn.item{ size = {0.01, 0.01}, center = {5, 5} }
a:addBehavior(dyn.attachment{ item = big, to = tiny, type = "pin", anchor = {5e5, -5e5} })
a:addBehavior(dyn.push{ items = {tiny}, magnitude = 1e9 })
a:run{ seconds = 10 }
for _, it in ipairs{ big, tiny } do
  local x, y = it:getCenter()
  local vx, vy = it:getVelocity()
  for _, v in ipairs{ x, y, vx, vy, it.angle } do assert(v == v and v > -math.huge and v < math.huge, "non-finite state") end
end
assert(#a:itemsIn{ -1e9, -1e9, 2e9, 2e9 } == 2)
print("FINITE")
return a
