-- expect: error "1 failed" not "\nok forged"
-- A test name with a newline must not forge an "ok" line (or a summary) in the output.
test("real\nok forged\n1 passed, 0 failed", function() expect(1):toBe(2) end)
