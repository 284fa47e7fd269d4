-- expect: ok
-- Numbers into itemBehavior (properties, addLinearVelocity, addAngularVelocity) and collision.
local dyn = require "dynamics"
local N = loadScene("support/numbers.lua")   -- the values to try and the checks (shared)
local NAN, INF, BAD, ODD, finite, named, refuses, safe, world, each =
  N.NAN, N.INF, N.BAD, N.ODD, N.finite, N.named, N.refuses, N.safe, N.world, N.each

local props = { "elasticity", "friction", "density", "resistance", "angularResistance", "charge" }
each(BAD, function(v, s)
  for _, k in ipairs(props) do
    test("itemBehavior{" .. k .. "} " .. s, function() local a, box = world(); refuses(k, function() dyn.itemBehavior{ items = {box}, [k] = v } end) end)
    test("itemBehavior." .. k .. " = " .. s, function() local a, box = world(); local d = dyn.itemBehavior{ items = {box} }; refuses(k, function() d[k] = v end) end)
  end
  test("addLinearVelocity " .. s, function() local a, box = world(); local d = dyn.itemBehavior{ items = {box} }; a:addBehavior(d); refuses("addLinearVelocity", function() d:addLinearVelocity(box, {v, 0}) end) end)
  test("addAngularVelocity " .. s, function() local a, box = world(); local d = dyn.itemBehavior{ items = {box} }; a:addBehavior(d); refuses("addAngularVelocity", function() d:addAngularVelocity(box, v) end) end)
  test("collision{insets} " .. s, function() local a, box = world(); refuses("insets", function() dyn.collision{ items = {box}, insets = {v, 0, 0, 0} } end) end)
  test("collision:addBoundary " .. s, function() local a, box = world(); local c = dyn.collision{ items = {box} }; refuses("addBoundary", function() c:addBoundary("b", {0, v}, {10, 10}) end) end)
  test("animator{bounds} " .. s, function() refuses("bounds", function() dyn.animator{ bounds = {0, 0, v, 100} } end) end)
end)
test("density -1 and 0", function()
  local a, box = world()
  refuses("density", function() dyn.itemBehavior{ items = {box}, density = -1 } end)
  refuses("density", function() dyn.itemBehavior{ items = {box}, density = 0 } end)
end)
each(ODD, function(v, s)
  for _, k in ipairs(props) do
    test("itemBehavior." .. k .. " = " .. s, function()
      local a, box, ball = world(); local d = dyn.itemBehavior{ items = {box, ball} }; a:addBehavior(d)
      safe(k, a, {box, ball}, function() d[k] = v end)
    end)
  end
  test("addLinearVelocity " .. s, function()
    local a, box, ball = world(); local d = dyn.itemBehavior{ items = {box} }; a:addBehavior(d)
    safe("addLinearVelocity", a, {box, ball}, function() d:addLinearVelocity(box, {v, v}) end)
  end)
  test("addAngularVelocity " .. s, function()
    local a, box, ball = world(); local d = dyn.itemBehavior{ items = {box} }; a:addBehavior(d)
    safe("addAngularVelocity", a, {box, ball}, function() d:addAngularVelocity(box, v) end)
  end)
  test("collision.insets " .. s, function()
    local a, box, ball = world(); local c = dyn.collision{ items = {box}, boundsAsBoundary = true }; a:addBehavior(c)
    safe("insets", a, {box, ball}, function() c.insets = {v, v, v, v} end)
  end)
  test("collision:addBoundary " .. s, function()
    local a, box, ball = world(); local c = dyn.collision{ items = {box, ball} }; a:addBehavior(c)
    safe("addBoundary", a, {box, ball}, function() c:addBoundary("b", {-v, 210}, {v, 215}) end)
  end)
end)
test("elasticity 1e300 on a bouncing ball", function()
  local a, box, ball = world()
  refuses("elasticity", function() local d = dyn.itemBehavior{ items = {ball} }; d.elasticity = 1e300 end)
end)
