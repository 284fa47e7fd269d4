-- expect: error "expected 1000 ± 1e-06, got 1" not "\nok "
-- A test file that replaces math.abs, math.max or string.find (shared, writable tables) made
-- toBeCloseTo and toFail pass whatever the values. The test API keeps its own
-- references to the functions it uses.
math.abs = function() return 0 end
math.max = function() return 0 end
math.sqrt = function() return 0 end
string.find = function() return 1 end
string.gsub = function(s) return s end
test("one is not a thousand", function() expect(1):toBeCloseTo(1000) end)
test("points far apart", function() expect({0, 0}):toBeCloseTo({500, 500}) end)
test("NaN is close to nothing", function() expect(0 / 0):toBeCloseTo(1) end)
test("the error does not match", function() expect(function() error("x") end):toFail("nothing like it") end)
