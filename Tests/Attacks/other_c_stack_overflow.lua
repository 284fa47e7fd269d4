-- expect: ok "C STACK OK"
-- args: --seconds 1 --lua-budget 100000000
-- C-stack depth attacks: coroutines wrapping coroutines, __index chains, nested pcall,
-- tostring through __tostring recursion, gsub callbacks nesting gsub. Each must be an error.
local errors = 0
local function try(fn) if not pcall(fn) then errors = errors + 1 end end
try(function() local function f() return coroutine.wrap(f)() end; f() end)
try(function() local function f() return pcall(f) and error("x") end; assert(select(2, f()) == nil); error("x") end)
try(function() local t = setmetatable({}, {}); getmetatable(t).__tostring = function(s) return tostring(s) end; tostring(t) end)
try(function() local function g(s) return (s:gsub(".", g)) end; g(("x"):rep(300)) end)
try(function() local t = {}; for i = 1, 100000 do t = setmetatable({}, { __index = t }) end; return t.missing end)
try(function() local function f(...) local r = f(1, ...); return r end; f() end)
try(function() local s = ("("):rep(300) .. "1" .. (")"):rep(300); load("return " .. s)() error("x") end)
try(function() local s = ("{"):rep(1000) .. ("}"):rep(1000); assert(load("return " .. s))() error("x") end)
assert(errors == 8, "errors: " .. errors)
print("C STACK OK")
return require("dynamics").animator{}
