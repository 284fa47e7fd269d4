-- expect: ok "ok all refused"
-- Every wait refuses NaN, infinities, negative and huge times and frames, wrong types and
-- unknown options, at the caller's line, and changes nothing: the task goes on.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.itemBehavior{ items = {box} })
local refused, total = 0, 0
local function try(f, ...)
  total = total + 1
  local ok, e = pcall(f, ...)
  if not ok and tostring(e):find("num_task_waits.lua:%d+:") then refused = refused + 1 end
end
a:spawn(function()
  for _, bad in ipairs{ 0 / 0, 1 / 0, -1 / 0, -1, 1e300, 2e9, "1", {}, true } do
    try(dyn.wait, bad)
    try(dyn.waitFrames, bad)
    try(dyn.waitUntil, function() return true end, bad)
    try(dyn.waitForRest, { timeout = bad })
    try(dyn.waitForContact, box, nil, bad)
  end
  try(dyn.waitFrames, 1.5)
  try(dyn.waitUntil, 3)
  try(dyn.waitForRest, { items = { 3 } })
  try(dyn.waitForRest, { itemz = {} })
  try(dyn.waitForContact, "box")
  try(dyn.waitForContact, box, {}, 1)
  dyn.wait(0.05)
  print("ok " .. (refused == total and "all refused" or (refused .. " of " .. total)))
end)
a:run{ seconds = 0.2 }
return a
