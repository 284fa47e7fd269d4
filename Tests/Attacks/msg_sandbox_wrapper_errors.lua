-- expect: error "bad argument #1 to 'load' (string expected, got no value)" at 11 not "rawload"
-- Misused functions of the sandbox's own wrappers named the wrappers' locals and lines
-- ("sandbox:30: bad argument #1 to 'rawload'"), and xpcall without a handler said "error in
-- error handling". They name the function and the script's line now.
local ok, e = pcall(pcall)
assert(not ok and e:find("bad argument #1 to 'pcall' (value expected)", 1, true), e)
ok, e = pcall(xpcall)
assert(not ok and e:find("bad argument #2 to 'xpcall' (function expected, got no value)", 1, true), e)
ok, e = pcall(xpcall, error, 1)
assert(not ok and e:find("bad argument #2 to 'xpcall' (function expected, got number)", 1, true), e)
load()
