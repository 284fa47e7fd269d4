-- expect: error "expected 2, got 1" not "\nok one is not two"
-- A test file that reaches the matchers through an expectation's metatable and replaces them
-- must not turn a failing expectation into a pass (toBe = function() end passed).
local mt = getmetatable(expect(0))
if type(mt) == "table" then
  local methods = mt.__index or mt
  methods.toBe = function() end
  methods.toBeCloseTo = function() end
end
test("one is not two", function() expect(1):toBe(2) end)
test("NaN is not close to one", function() expect(0 / 0):toBeCloseTo(1) end)
