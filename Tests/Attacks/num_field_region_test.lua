-- expect: ok
-- Numbers into fields (every kind, every property) and regions.
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

local kinds = { "drag", "vortex", "radialGravity", "linearGravity", "velocity", "noise", "turbulence", "spring", "electric", "magnetic" }
local scalars = { "strength", "falloff", "minimumRadius", "smoothness", "animationSpeed" }
each(BAD, function(v, s)
  for _, kind in ipairs(kinds) do
    test("field." .. kind .. "{strength} " .. s, function() local a, box = world(); refuses("strength", function() dyn.field[kind]{ items = {box}, strength = v } end) end)
  end
  for _, k in ipairs(scalars) do
    test("field." .. k .. " = " .. s, function() local a, box = world(); local f = dyn.field.noise{ items = {box} }; refuses(k, function() f[k] = v end) end)
  end
  test("field.position = " .. s, function() local a, box = world(); local f = dyn.field.spring{ items = {box} }; refuses("position", function() f.position = {v, 0} end) end)
  test("field.direction = " .. s, function() local a, box = world(); local f = dyn.field.linearGravity{ items = {box} }; refuses("direction", function() f.direction = {0, v} end) end)
  test("region.circle(" .. s .. ")", function() refuses("circle", function() dyn.region.circle(v) end) end)
  test("region.rect(" .. s .. ")", function() refuses("rect", function() dyn.region.rect(10, v) end) end)
  test("region:contains " .. s, function() local ok = pcall(function() return dyn.region.circle(10):contains{ v, 0 } end) end)
end)
test("negative region sizes", function()
  refuses("circle", function() dyn.region.circle(-1) end)
  refuses("rect", function() dyn.region.rect(-1, 1) end)
end)
each(ODD, function(v, s)
  for _, kind in ipairs(kinds) do
    test("field." .. kind .. " strength " .. s, function()
      local a, box, ball = world(); local f = dyn.field[kind]{ items = {box, ball}, position = {200, 200} }; a:addBehavior(f)
      safe("strength", a, {box, ball}, function() f.strength = v end)
    end)
  end
  for _, k in ipairs(scalars) do
    test("field." .. k .. " " .. s, function()
      local a, box, ball = world(); local f = dyn.field.turbulence{ items = {box, ball}, position = {200, 200}, strength = 5 }; a:addBehavior(f)
      safe(k, a, {box, ball}, function() f[k] = v end)
    end)
  end
  test("field.position " .. s, function()
    local a, box, ball = world(); local f = dyn.field.radialGravity{ items = {box, ball}, strength = 5 }; a:addBehavior(f)
    safe("position", a, {box, ball}, function() f.position = {v, v} end)
  end)
  test("field region circle " .. s, function()
    local a, box, ball = world(); local f = dyn.field.vortex{ items = {box, ball}, strength = 1 }; a:addBehavior(f)
    safe("circle", a, {box, ball}, function() f.region = dyn.region.circle(v) end)
  end)
  test("field region rect " .. s, function()
    local a, box, ball = world(); local f = dyn.field.spring{ items = {box, ball}, strength = 1 }; a:addBehavior(f)
    safe("rect", a, {box, ball}, function() f.region = dyn.region.rect(v, v):inverse():union(dyn.region.circle(v)) end)
  end)
end)
