-- expect: error "(error object is a nil value)" at 4
-- A case whose function is a C function has no line of its own: it failed with "(error
-- object is a nil value)" alone. It names the line that declared the case.
test("x", error)
