-- expect: error "not enough memory" | "xxxxxxxxxx"
-- A 12 MB error message under a 16 MB cap: the traceback cannot be appended; the report
-- stays bounded and the process does not crash.
-- args: --seconds 1 --lua-budget 10000000 --lua-memory 16
error(string.rep("x", 12 << 20))
