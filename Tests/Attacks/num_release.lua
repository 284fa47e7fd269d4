-- expect: ok "ok all refused"
-- dyn.release refuses bad targets, springs, rates and functions at the caller's line.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
local refused, total = 0, 0
local function try(f)
  total = total + 1
  local ok, e = pcall(f)
  if not ok and tostring(e):find("num_release.lua:%d+:") then refused = refused + 1 end
end
for _, bad in ipairs{ 0 / 0, 1 / 0, 1e300, "x" } do
  try(function() dyn.release{ item = box, targets = { {bad, 0} } } end)
  try(function() dyn.release{ item = box }:release({ bad, 0 }) end)
end
for _, bad in ipairs{ 0 / 0, 1 / 0, -1, 1e300, "x" } do
  try(function() dyn.release{ item = box, frequency = bad } end)
  try(function() dyn.release{ item = box, damping = bad } end)
  try(function() dyn.release{ item = box, decelerationRate = bad } end)
end
try(function() dyn.release{ item = box, decelerationRate = 1 } end)
try(function() dyn.release{ item = box, decelerationRate = 0 } end)
try(function() dyn.release{ item = box, spring = {} } end)
try(function() dyn.release{ item = box, spring = dyn.spring{ response = 0.3, dampingFraction = 1 }, frequency = 2 } end)
try(function() dyn.release{ box } end)
try(function() dyn.release{ item = box, targets = "corners" } end)
print("ok " .. (refused == total and "all refused" or (refused .. " of " .. total)))
return a
