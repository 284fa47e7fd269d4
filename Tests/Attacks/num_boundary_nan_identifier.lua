-- expect: ok "NAN IDS REFUSED"
-- A boundary named NaN equals no other name, itself included: each add made another boundary
-- that removeBoundary(0/0) never removed. Non-finite number identifiers
-- are refused; infinite ones too (they print as inf in callbacks).
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 400, 400} }
local box = dyn.item{ center = {200, 100}, size = {20, 20} }
local c = dyn.collision{ items = {box} }
a:addBehavior(c)
for _, id in ipairs{ 0/0, 1/0, -1/0 } do
  local ok, e = pcall(c.addBoundary, c, id, {0, 300}, {400, 300})
  assert(not ok and e:find("a number identifier must be finite"), tostring(e))
end
c:addBoundary(7, {0, 300}, {400, 300})
c:removeBoundary(7)
print("NAN IDS REFUSED")
return a
