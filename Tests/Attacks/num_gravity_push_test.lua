-- expect: ok
-- Numbers into gravity and push (constructors and setters).
local dyn = require "dynamics"
local N = loadScene("support/numbers.lua")   -- the values to try and the checks (shared)
local NAN, INF, BAD, ODD, finite, named, refuses, safe, world, each =
  N.NAN, N.INF, N.BAD, N.ODD, N.finite, N.named, N.refuses, N.safe, N.world, N.each

each(BAD, function(v, s)
  test("gravity{direction} " .. s, function() local a, box = world(); refuses("direction", function() dyn.gravity{ items = {box}, direction = {v, 1} } end) end)
  test("gravity{magnitude} " .. s, function() local a, box = world(); refuses("magnitude", function() dyn.gravity{ items = {box}, magnitude = v } end) end)
  test("gravity.magnitude = " .. s, function() local a, box = world(); local g = dyn.gravity{ items = {box} }; refuses("magnitude", function() g.magnitude = v end) end)
  test("gravity.direction = " .. s, function() local a, box = world(); local g = dyn.gravity{ items = {box} }; refuses("direction", function() g.direction = {0, v} end) end)
  test("push{magnitude} " .. s, function() local a, box = world(); refuses("magnitude", function() dyn.push{ items = {box}, magnitude = v } end) end)
  test("push.direction = " .. s, function() local a, box = world(); local p = dyn.push{ items = {box} }; refuses("direction", function() p.direction = {v, v} end) end)
  test("push.magnitude = " .. s, function() local a, box = world(); local p = dyn.push{ items = {box} }; refuses("magnitude", function() p.magnitude = v end) end)
  test("push:setTargetOffset " .. s, function() local a, box = world(); local p = dyn.push{ items = {box} }; refuses("setTargetOffset", function() p:setTargetOffset(box, {v, 0}) end) end)
  if v ~= v or v - v ~= 0 then
    test("gravity.angle = " .. s, function() local a, box = world(); local g = dyn.gravity{ items = {box} }; refuses("angle", function() g.angle = v end) end)
    test("push.angle = " .. s, function() local a, box = world(); local p = dyn.push{ items = {box} }; refuses("angle", function() p.angle = v end) end)
  end
end)
test("gravity.magnitude = 1e300 does not read back inf", function()
  local a, box = world(); local g = dyn.gravity{ items = {box} }
  pcall(function() g.magnitude = 1e300 end)
  expect(finite(g.magnitude)):toBe(true)
end)
each(ODD, function(v, s)
  test("gravity.magnitude = " .. s, function() local a, box, ball = world(); local g = dyn.gravity{ items = {box} }; a:addBehavior(g); safe("magnitude", a, {box, ball}, function() g.magnitude = v end) end)
  test("gravity.angle = " .. s, function() local a, box, ball = world(); local g = dyn.gravity{ items = {box} }; a:addBehavior(g); safe("angle", a, {box, ball}, function() g.angle = v end) end)
  test("push.magnitude = " .. s, function()
    local a, box, ball = world(); local p = dyn.push{ items = {box, ball}, mode = "continuous" }; a:addBehavior(p)
    safe("magnitude", a, {box, ball}, function() p.magnitude = v end)
  end)
  test("instantaneous push direction " .. s, function()
    local a, box, ball = world(); local p = dyn.push{ items = {box}, mode = "instantaneous" }; a:addBehavior(p)
    safe("direction", a, {box, ball}, function() p.direction = {v, v} end)
  end)
  test("push:setTargetOffset " .. s, function()
    local a, box, ball = world(); local p = dyn.push{ items = {box}, mode = "continuous", direction = {1, 0} }; a:addBehavior(p)
    safe("setTargetOffset", a, {box, ball}, function() p:setTargetOffset(box, {v, v}) end)
  end)
end)
