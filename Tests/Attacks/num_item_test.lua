-- expect: ok
-- Numbers into dyn.item and the item setters: NaN, ±inf, ±1e300 refused naming the property;
-- tiny, huge-integer, 1e150 and negative values refused or harmless (the world stays finite).
local dyn = require "dynamics"
local N = loadScene("support/numbers.lua")   -- the values to try and the checks (shared)
local NAN, INF, BAD, ODD, finite, named, refuses, safe, world, each =
  N.NAN, N.INF, N.BAD, N.ODD, N.finite, N.named, N.refuses, N.safe, N.world, N.each

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
