-- The test API itself: labels, deep equality, negation, describe blocks and their hooks,
-- skipped cases. Failure messages are checked through toFail (the message of a failed check
-- is the error it raises); the reports of skipped and focused cases are checked from Swift
-- (Tests/DynamicsLuaTests/TestAPITests.swift).

test("a label names the value in a failure", function()
  expect(0.2, "sheet.y"):toBeLessThan(0.3)
  expect(function() expect(0.75, "sheet.y"):toBeLessThan(0.3) end)
    :toFail("sheet%.y: expected less than 0%.3, got 0%.75$")
  expect(function() expect(1, "count"):toBe(2) end):toFail(": count: expected 2, got 1$")
  -- Also when the matcher is misused.
  expect(function() expect(1, "x"):toBeCloseTo(1, -1) end)
    :toFail(": x: toBeCloseTo: the tolerance must be a finite number >= 0, got %-1$")
  -- A second value that is no string is another result of a call (expect(f())), no label.
  expect(function() expect(1, 2):toBe(2) end):toFail(":%d+: expected 2, got 1$")
end)

test("toEqual compares tables deeply", function()
  expect({ x = 1, items = { { x = 1 }, { x = 3, y = { 1, 2 } } } })
    :toEqual({ x = 1, items = { { x = 1 }, { x = 3, y = { 1, 2 } } } })
  expect(3):toEqual(3)
  expect("a"):toEqual("a")
  expect(1):toEqual(1.0)
  expect(nil):toEqual(nil)
  expect({}):toEqual({})
  -- NaN equals NaN: two values that went wrong the same way are equal.
  expect({ 0 / 0 }):toEqual({ 0 / 0 })
  expect(0 / 0):toEqual(0 / 0)
  -- Raw: metatables and __eq are not consulted.
  local a = setmetatable({ 1 }, { __eq = function() return false end, __index = { extra = 1 } })
  expect(a):toEqual({ 1 })
end)

test("toEqual names the first differing key path", function()
  expect(function()
    expect({ items = { { x = 1 }, { x = 4 } } }):toEqual({ items = { { x = 1 }, { x = 3 } } })
  end):toFail(": at %.items%[2%]%.x: expected 3, got 4$")
  expect(function() expect({ a = 1 }):toEqual({ a = 1, b = 2 }) end):toFail(": at %.b: expected 2, got nil$")
  expect(function() expect({ a = 1, b = 2 }):toEqual({ a = 1 }) end):toFail(": at %.b: expected nil, got 2$")
  expect(function() expect({ ["two words"] = 1 }):toEqual({ ["two words"] = 2 }) end)
    :toFail(': at %["two words"%]: expected 2, got 1$')
  expect(function() expect(3):toEqual({ 3 }) end):toFail(": expected a table, got 3$")
  expect(function() expect({ x = {} }):toEqual({ x = "s" }) end):toFail(': at %.x: expected "s", got a table$')
  expect(function() expect({ 1 }, "list"):toEqual({ 2 }) end):toFail(": list: at %[1%]: expected 2, got 1$")
  -- A table key matches by identity, and shows as "a table" (its __tostring is not called).
  local key = setmetatable({}, { __tostring = function() error("called") end })
  expect({ [key] = 1 }):toEqual({ [key] = 1 })
  expect(function() expect({ [key] = 1 }):toEqual({ [key] = 2 }) end):toFail(": at %[a table%]: expected 2, got 1$")
  expect(function() expect({ [{}] = 1 }):toEqual({ [{}] = 1 }) end):toFail(": at %[a table%]: expected 1, got nil$")
end)

test("toEqual ends on cycles", function()
  local a, b = { name = "a" }, { name = "a" }
  a.self, b.self = a, b
  a.list, b.list = { a, b }, { b, a }
  expect(a):toEqual(b)
  local c, d = { name = "c" }, { name = "c" }
  c.self, d.self = c, { name = "d" }
  expect(function() expect(c):toEqual(d) end):toFail(': at %.self%.name: expected "d", got "c"$')
end)

test("never negates every matcher", function()
  expect(1).never:toBe(2)
  expect({ 1 }).never:toEqual({ 2 })
  expect(1).never:toBeCloseTo(2, 0.5)
  expect(2).never:toBeLessThan(1)
  expect(1).never:toBeGreaterThan(2)
  expect(false).never:toBeTruthy()
  expect(nil).never:toBeTruthy()
  expect(function() end).never:toFail()
  expect(function() error("other") end).never:toFail("wanted")
  expect(1).never.never:toBe(1)
  expect(function() expect(3).never:toBe(3) end):toFail(": expected not 3$")
  expect(function() expect(3, "n").never:toBe(3) end):toFail(": n: expected not 3$")
  expect(function() expect({ 1 }).never:toEqual({ 1 }) end)
    :toFail(": expected a value not equal to a table, got an equal one$")
  expect(function() expect(1).never:toBeCloseTo(1.1, 0.5) end):toFail(": expected not 1%.1 ± 0%.5, got 1$")
  expect(function() expect(1).never:toBeLessThan(2) end):toFail(": expected not less than 2, got 1$")
  expect(function() expect(3).never:toBeGreaterThan(2) end):toFail(": expected not more than 2, got 3$")
  expect(function() expect(1).never:toBeTruthy() end):toFail(": expected a falsy value, got 1$")
  expect(function() expect(function() error("boom") end).never:toFail() end)
    :toFail(': expected no error, got ".*boom"$')
  -- A value that is no number is neither less nor more: an error either way.
  expect(function() expect("a").never:toBeLessThan(2) end):toFail(': expected a number not less than 2, got "a"$')
  -- A misused matcher is an error whatever the negation.
  expect(function() expect(1).never:toBeCloseTo(1, 0 / 0) end):toFail("the tolerance must be a finite number")
end)

local log = {}
describe("outer", function()
  before_each(function() log[#log + 1] = "before outer" end)
  after_each(function() log[#log + 1] = "after outer" end)
  describe("inner", function()
    before_each(function() log[#log + 1] = "before inner" end)
    it("runs its hooks outside in, then inside out", function() log[#log + 1] = "case" end)
    -- Declared after the case: a hook applies to every case of its block.
    after_each(function() log[#log + 1] = "after inner" end)
  end)
  it("runs only the hooks of its own blocks", function() log[#log + 1] = "outer case" end)
end)

test("hooks ran around the cases of their blocks", function()
  expect(log):toEqual({
    "before outer", "before inner", "case", "after inner", "after outer",
    "before outer", "outer case", "after outer",
  })
end)

test.skip("a skipped case does not run", function() error("a skipped case ran") end)
it.skip("nor does a skipped it", function() error("a skipped case ran") end)

test("cases cannot be declared while a case runs", function()
  expect(function() describe("late", function() end) end):toFail("declare test cases at the top level")
  expect(function() before_each(function() end) end):toFail("declare test cases at the top level")
  expect(function() test.only("late", function() end) end):toFail("declare test cases at the top level")
  expect(function() test.skip = nil end):toFail("the test API cannot be changed")
end)
