-- expect: ok
-- Numbers into fields (every kind, every property) and regions.
local dyn = require "dynamics"
local N = loadScene("support/numbers.lua")   -- the values to try and the checks (shared)
local NAN, INF, BAD, ODD, finite, named, refuses, safe, world, each =
  N.NAN, N.INF, N.BAD, N.ODD, N.finite, N.named, N.refuses, N.safe, N.world, N.each

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
