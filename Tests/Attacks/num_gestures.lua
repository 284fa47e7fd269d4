-- expect: ok "ok all refused"
-- Scripted gestures refuse bad points, times, paths and options at the caller's line.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.itemBehavior{ items = {box} })
local refused, total = 0, 0
local function try(f)
  total = total + 1
  local ok, e = pcall(f)
  if not ok and tostring(e):find("num_gestures.lua:%d+:") then refused = refused + 1 end
end
for _, bad in ipairs{ 0 / 0, 1 / 0, -1 / 0, 1e300, -1e8 } do
  try(function() a:drag{ from = {bad, 0}, by = {1, 1} } end)
  try(function() a:drag{ item = box, to = {0, bad} } end)
  try(function() a:drag{ item = box, by = {bad, 0} } end)
  try(function() a:drag{ item = box, by = {1, 0}, at = bad } end)
  try(function() a:drag{ item = box, by = {1, 0}, duration = bad } end)
  try(function() a:drag{ item = box, by = {1, 0}, hold = bad } end)
  try(function() a:drag{ from = {0, 0}, path = { {1, 1}, {bad, 2} } } end)
  try(function() a:tap{ point = {bad, 0} } end)
  try(function() a:tap{ point = {0, 0}, at = bad } end)
end
local long = {}
for i = 1, 10001 do long[i] = {i, i} end
try(function() a:drag{ from = {0, 0}, path = long } end)
try(function() a:drag{ item = box, from = {0, 0}, by = {1, 1} } end)
try(function() a:drag{ item = box, to = {1, 1}, by = {1, 1} } end)
try(function() a:drag{ item = box, by = {1, 1}, release = 3 } end)
try(function() a:drag{ item = box, by = {1, 1}, velocity = 3 } end)
try(function() a:drag("box") end)
try(function() a:tap(5) end)
try(function() dyn.pointerVelocityWindow = -1 end)
try(function() dyn.pointerVelocityWindow = 1e300 end)
print("ok " .. (refused == total and "all refused" or (refused .. " of " .. total)))
return a
