-- expect: error "FAIL same\\0two" not "ok same\n"
-- A NUL in a test name or an error message is shown as \\0, not cut there: "same\\0one" and
-- "same\\0two" were both reported as "same", and error("msg\\0hidden") as "msg".
test("same\0one", function() end)
test("same\0two", function() error("msg\0hidden part") end)
