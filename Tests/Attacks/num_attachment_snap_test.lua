-- expect: ok
-- Numbers into attachments (anchor, offsets, length, frequency, damping, range, frictionTorque,
-- axis) and snap (point, damping).
local dyn = require "dynamics"
local NAN, INF = 0 / 0, math.huge
local BAD = { NAN, INF, -INF, 1e300, -1e300 }            -- always refused
local ODD = { 1e-300, -1e-300, math.maxinteger, math.mininteger, 1e150, -1 }  -- refused or harmless
local function finite(x) return type(x) == "number" and x == x and x - x == 0 end
-- A refusal must be located (file:line) and say what was wrong: it names the property (in any
-- case, Lua's or the model's name) or states the rule ("finite", "must be", "within", "range").
local function named(what, err)
  err = tostring(err)
  local located = err:find("%.lua:%d+:") ~= nil
  local lower = err:lower()
  local says = lower:find(what:lower(), 1, true) or lower:find("finite", 1, true) or lower:find("must", 1, true)
    or lower:find("within", 1, true) or lower:find("range", 1, true)
  if not (located and says) then error(what .. ": refused, but the error is not a located validation error: " .. err, 3) end
end
-- The value must be refused by an error that names the property.
local function refuses(what, fn)
  local ok, err = pcall(fn)
  if ok then error(what .. ": accepted a non-finite or out-of-range value", 2) end
  named(what, err)
end
-- Refused (naming the property), or accepted with the world staying finite for 30 frames.
local function safe(what, a, items, fn)
  local ok, err = pcall(fn)
  if not ok then named(what, err) return end
  -- The model may also refuse the value when the animator takes it up (a located error from step).
  local stepped, stepError = pcall(function() for i = 1, 30 do a:step() end end)
  if not stepped then named(what, stepError) return end
  for _, it in ipairs(items) do
    local c, v = it.center, it.velocity
    if not (finite(c.x) and finite(c.y) and finite(it.angle) and finite(v.x) and finite(v.y) and finite(it.angularVelocity)) then
      error(string.format("%s: accepted, then the state became non-finite: center (%s, %s) angle %s velocity (%s, %s)",
        what, c.x, c.y, it.angle, v.x, v.y), 2)
    end
  end
  a:itemsIn{ -1e9, -1e9, 2e9, 2e9 }
end
-- A small world: two items in gravity and collision, inside bounds.
local function world()
  local a = dyn.animator{ bounds = {0, 0, 400, 400} }
  local box = dyn.item{ center = {200, 200}, size = {20, 20} }
  local ball = dyn.item{ center = {240, 200}, size = {20, 20}, shape = "ellipse" }
  a:addBehavior(dyn.gravity{ items = {box, ball} })
  a:addBehavior(dyn.collision{ items = {box, ball}, boundsAsBoundary = true })
  return a, box, ball
end
local function each(list, fn) for _, v in ipairs(list) do fn(v, tostring(v)) end end

each(BAD, function(v, s)
  test("attachment{anchor} " .. s, function() local a, box = world(); refuses("anchor", function() dyn.attachment{ item = box, anchor = {v, 0} } end) end)
  test("attachment{offset} " .. s, function() local a, box, ball = world(); refuses("offset", function() dyn.attachment{ item = box, to = ball, offset = {0, v} } end) end)
  for _, k in ipairs{ "length", "frequency", "damping", "frictionTorque" } do
    test("attachment{" .. k .. "} " .. s, function() local a, box, ball = world(); refuses(k, function() dyn.attachment{ item = box, to = ball, [k] = v } end) end)
    test("attachment." .. k .. " = " .. s, function() local a, box, ball = world(); local j = dyn.attachment{ item = box, to = ball }; refuses(k, function() j[k] = v end) end)
  end
  test("attachment.anchor = " .. s, function() local a, box = world(); local j = dyn.attachment{ item = box, anchor = {0, 0} }; refuses("anchor", function() j.anchor = {v, v} end) end)
  test("pin range " .. s, function() local a, box, ball = world(); refuses("range", function() dyn.attachment{ item = box, to = ball, type = "pin", anchor = {220, 200}, range = {-v, v} } end) end)
  test("sliding axis " .. s, function() local a, box, ball = world(); refuses("axis", function() dyn.attachment{ item = box, to = ball, type = "sliding", anchor = {220, 200}, axis = {v, 1} } end) end)
  test("snap{point} " .. s, function() local a, box = world(); refuses("point", function() dyn.snap{ item = box, point = {v, 1} } end) end)
  test("snap.point = " .. s, function() local a, box = world(); local sn = dyn.snap{ item = box, point = {1, 1} }; refuses("point", function() sn.point = {1, v} end) end)
  test("snap.damping = " .. s, function() local a, box = world(); local sn = dyn.snap{ item = box, point = {1, 1} }; refuses("damping", function() sn.damping = v end) end)
end)
test("negative length, frequency, damping", function()
  local a, box, ball = world()
  refuses("length", function() dyn.attachment{ item = box, to = ball, length = -1 } end)
  refuses("frequency", function() dyn.attachment{ item = box, to = ball, frequency = -1 } end)
  refuses("damping", function() dyn.attachment{ item = box, to = ball, damping = -1 } end)
end)
test("snap point and spring anchor at 1e300 (NaN today)", function()
  local a, box = world()
  refuses("point", function() a:addBehavior(dyn.snap{ item = box, point = {1e300, 1e300} }) end)
  refuses("anchor", function() a:addBehavior(dyn.attachment{ item = box, anchor = {1e300, 0}, frequency = 2 }) end)
end)
each(ODD, function(v, s)
  for _, k in ipairs{ "length", "frequency", "damping", "frictionTorque" } do
    test("attachment." .. k .. " = " .. s, function()
      local a, box, ball = world(); local j = dyn.attachment{ item = box, to = ball, frequency = 2 }; a:addBehavior(j)
      safe(k, a, {box, ball}, function() j[k] = v end)
    end)
  end
  test("attachment anchor " .. s, function()
    local a, box, ball = world()
    safe("anchor", a, {box, ball}, function() a:addBehavior(dyn.attachment{ item = box, anchor = {v, v}, frequency = 3 }) end)
  end)
  test("pin range " .. s, function()
    local a, box, ball = world()
    safe("range", a, {box, ball}, function() a:addBehavior(dyn.attachment{ item = box, to = ball, type = "pin", anchor = {220, 200}, range = {-v, v} }) end)
  end)
  test("snap point " .. s, function()
    local a, box, ball = world()
    safe("point", a, {box, ball}, function() a:addBehavior(dyn.snap{ item = box, point = {v, v} }) end)
  end)
  test("snap damping " .. s, function()
    local a, box, ball = world(); local sn = dyn.snap{ item = box, point = {100, 100} }; a:addBehavior(sn)
    safe("damping", a, {box, ball}, function() sn.damping = v end)
  end)
end)
