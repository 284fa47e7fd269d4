-- expect: ok "LOAD MESSAGES OK" not "sandbox:"
-- Errors of the sandbox's load that a script catches carried the wrapper's own line
-- ("sandbox:41: bad argument #2 to 'load'", "sandbox:41: reader function must return a
-- string"); they read as stock Lua's.
local ok, e = pcall(load, "return 1", {})
assert(not ok and e == "bad argument #2 to 'load' (string expected, got table)", e)
local f, msg = load(function() return {} end)
assert(f == nil and msg == "reader function must return a string", msg)
-- An error in the script's own reader is load's message, without the host's traceback.
local f2, msg2 = load(function() error("boom") end)
assert(f2 == nil and msg2:find("boom$"), msg2)
local parts = { "return ", "6 * 7" }
local g = assert(load(function() return table.remove(parts, 1) end))
assert(g() == 42)
print("LOAD MESSAGES OK")
return require("dynamics").animator{}
