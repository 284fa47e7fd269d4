-- expect: ok
-- Numbers into dyn.item and the item setters: NaN, ±inf, ±1e300 refused naming the property;
-- tiny, huge-integer, 1e150 and negative values refused or harmless (the world stays finite).
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
  test("item{center} " .. s, function() refuses("center", function() dyn.item{ size = {1, 1}, center = {v, 0} } end) end)
  test("item{size} " .. s, function() refuses("size", function() dyn.item{ size = {v, 1} } end) end)
  test("item{angle} " .. s, function() if v ~= v or v - v ~= 0 then refuses("angle", function() dyn.item{ size = {1, 1}, angle = v } end) end end)
  test("item{shape} point " .. s, function() refuses("shape", function() dyn.item{ size = {1, 1}, shape = { {0, 0}, {v, 0}, {0, 1} } } end) end)
  test("item.center = " .. s, function() local a, box = world(); refuses("center", function() box.center = {0, v} end) end)
  test("item.velocity = " .. s, function() local a, box = world(); a:step(); refuses("velocity", function() box.velocity = {v, 0} end) end)
  test("item.angularVelocity = " .. s, function() local a, box = world(); a:step(); refuses("angularVelocity", function() box.angularVelocity = v end) end)
  test("item.angle = " .. s, function() if v ~= v or v - v ~= 0 then local a, box = world(); refuses("angle", function() box.angle = v end) end end)
end)
test("item{size} negative and zero", function()
  refuses("size", function() dyn.item{ size = {-1, 10} } end)
  refuses("size", function() dyn.item{ size = {10, 0} } end)
end)
each(ODD, function(v, s)
  test("item{size} " .. s .. " in a world", function()
    local a = world(); local it
    local ok = pcall(function() it = dyn.item{ size = {v, 10}, center = {100, 100} } end)
    if ok then safe("size", a, {it}, function() a:addBehavior(dyn.gravity{ items = {it} }) end) end
  end)
  test("item{center} " .. s .. " in a world", function()
    local a = world(); local it
    local ok = pcall(function() it = dyn.item{ size = {10, 10}, center = {v, v} } end)
    if ok then safe("center", a, {it}, function() a:addBehavior(dyn.gravity{ items = {it} }) end) end
  end)
  test("item.angle = " .. s, function() local a, box, ball = world(); safe("angle", a, {box, ball}, function() box.angle = v end) end)
  test("item.velocity = " .. s, function() local a, box, ball = world(); a:step(); safe("velocity", a, {box, ball}, function() box.velocity = {v, -v} end) end)
  test("item.angularVelocity = " .. s, function() local a, box, ball = world(); a:step(); safe("angularVelocity", a, {box, ball}, function() box.angularVelocity = v end) end)
  test("polygon point " .. s, function()
    local a = world(); local it
    local ok = pcall(function() it = dyn.item{ size = {10, 10}, center = {100, 100}, shape = { {-v, -v}, {v, -v}, {0, v} } } end)
    if ok then safe("shape", a, {it}, function() a:addBehavior(dyn.collision{ items = {it}, boundsAsBoundary = true }); a:addBehavior(dyn.gravity{ items = {it} }) end) end
  end)
end)
test("polygon points at ±1e150", function()
  refuses("shape", function() dyn.item{ size = {10, 10}, shape = { {-1e150, -1e150}, {1e150, -1e150}, {0, 1e150} } } end)
end)
test("an item 1e300 wide", function() refuses("size", function() dyn.item{ size = {1e300, 1} } end) end)
