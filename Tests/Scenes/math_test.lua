-- dyn.math: the deterministic elementary functions (docs/lua-api.md, "Deterministic math").
-- Their values agree with Lua's math (the platform's) to a few units in the last place;
-- their arguments are checked as every number entering the API is.
local dyn = require "dynamics"
local m = dyn.math

test("values agree with Lua's math to 1e-15 relative", function()
  local function close(got, want, label)
    expect(got, label):toBeCloseTo(want, 1e-15 * math.max(1, math.abs(want)))
  end
  for _, x in ipairs{ -7.5, -1, -0.3, 0, 1e-9, 0.5, 1, 2, 3.14159, 100, 12345.678 } do
    close(m.sin(x), math.sin(x), "sin(" .. x .. ")")
    close(m.cos(x), math.cos(x), "cos(" .. x .. ")")
    close(m.atan(x), math.atan(x), "atan(" .. x .. ")")
    close(m.exp(x / 100), math.exp(x / 100), "exp(" .. x / 100 .. ")")
    close(m.hypot(x, 3), math.sqrt(x * x + 9), "hypot(" .. x .. ", 3)")
  end
  for _, x in ipairs{ -1.2, 0.1, 0.7, 1.5 } do close(m.tan(x), math.tan(x), "tan(" .. x .. ")") end
  for _, x in ipairs{ 1e-300, 0.25, 1, 2, 10, 1e300 } do
    close(m.log(x), math.log(x), "log(" .. x .. ")")
    close(m.sqrt(x), math.sqrt(x), "sqrt(" .. x .. ")")
  end
  close(m.log(1000, 10), 3, "log(1000, 10)")
  close(m.log(8, 2), 3, "log(8, 2)")
  close(m.pow(2, 0.5), math.sqrt(2), "pow(2, 0.5)")
  close(m.pow(1.7, 3.3), 1.7 ^ 3.3, "pow(1.7, 3.3)")
  expect(m.pow(-2, 3)):toBe(-8.0)
  expect(m.pow(10, -2)):toBe(1 / (10 * 10))
  expect(m.hypot(3, 4)):toBe(5.0)
  close(m.atan2(1, -1), 3 * math.pi / 4, "atan2(1, -1)")
  expect(m.atan(1, -1)):toBe(m.atan2(1, -1))
  expect(m.atan2(-0.0, -1)):toBe(-m.atan2(0.0, -1))
  expect(m.sin(0)):toBe(0.0)
  expect(m.cos(0)):toBe(1.0)
end)

test("the same bits every time and for integer arguments", function()
  expect(m.sin(1)):toBe(m.sin(1.0))
  expect(m.pow(3, 2)):toBe(9.0)
  expect(math.type(m.sqrt(4))):toBe("float")
  local a, b = m.sin(0.7), m.sin(0.7)
  expect(a == b):toBeTruthy()
end)

test("arguments are checked: types, NaN, infinities, domains, overflow", function()
  expect(function() m.sin("1") end):toFail("math%.sin%(x%): expected a number, got string")
  expect(function() m.cos() end):toFail("math%.cos%(x%): expected a number, got no value")
  expect(function() m.sin(0/0) end):toFail("math%.sin%(x%): must be finite, got NaN")
  expect(function() m.tan(math.huge) end):toFail("math%.tan%(x%): must be finite")
  expect(function() m.sin(1e7) end):toFail("math%.sin%(x%): must be within ±1000000 radians")
  expect(function() m.atan2(1) end):toFail("math%.atan2%(x%): expected a number, got no value")
  expect(function() m.atan(1, {}) end):toFail("math%.atan%(x%): expected a number, got table")
  expect(function() m.log(0) end):toFail("math%.log%(x%): must be > 0, got 0")
  expect(function() m.log(-1) end):toFail("math%.log%(x%): must be > 0, got %-1")
  expect(function() m.log(2, 1) end):toFail("math%.log%(base%): must be > 0 and not 1, got 1")
  expect(function() m.exp(710) end):toFail("math%.exp: x must be at most 709%.78")
  expect(function() m.pow(-2, 0.5) end):toFail("math%.pow%(y%): a negative x takes a whole power only")
  expect(function() m.pow(0, -1) end):toFail("math%.pow%(x%): 0 to a negative power")
  expect(function() m.pow(10, 400) end):toFail("math%.pow: the result overflows")
  expect(function() m.sqrt(-1) end):toFail("math%.sqrt%(x%): must be ≥ 0, got %-1")
  expect(function() m.hypot(1.5e308, 1.5e308) end):toFail("math%.hypot: the result overflows")
  expect(function() return m.sine end):toFail("dynamics%.math has no member 'sine'")
end)

test("a scene built with dyn.math runs as one built with math", function()
  local function build(sin, cos)
    local a = dyn.animator{ bounds = {0, 0, 400, 400} }
    local items = {}
    for i = 1, 6 do
      local t = i * 0.9
      items[i] = dyn.item{ center = {200 + 120 * cos(t), 200 + 120 * sin(t)}, size = {20, 20} }
    end
    a:addBehavior(dyn.gravity{ items = items })
    a:addBehavior(dyn.collision{ items = items, boundsAsBoundary = true })
    a:run{ seconds = 1 }
    return items[6].center
  end
  local p, q = build(m.sin, m.cos), build(math.sin, math.cos)
  expect(p.x):toBeCloseTo(q.x, 1e-6)
  expect(p.y):toBeCloseTo(q.y, 1e-6)
end)
