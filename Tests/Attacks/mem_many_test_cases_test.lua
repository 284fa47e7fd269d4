-- expect: error "declares at most 10000 test cases"
-- 200 000 test cases of one function, each named with the same 4 000-byte string: the Lua
-- side is small, but each result (name, time) lived in the host and in the report, 2.5 GB and
-- 30 s of output. A file declares at most LuaTestRunner.maximumCases cases.
local name = ("n"):rep(4000)
local f = function() end
for i = 1, 200000 do test(name, f) end
