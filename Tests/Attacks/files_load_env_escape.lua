-- expect: ok "SANDBOX OK"
-- Escapes through load, environments, metatables of shared tables, and the string metatable.
local reached = {}
local function probe(label, fn) local ok, v = pcall(fn); if ok and v ~= nil then reached[#reached + 1] = label end end
probe("load io", function() return load("return io")() end)
probe("load with _G env", function() return load("return io", "x", "t", _G)() end)
probe("load binary", function() return load("\27Lua\84\0", "x", "b") end)
probe("getmetatable(_G)", function() local m = getmetatable(_G); return type(m) == "table" and m or nil end)
probe("string metatable", function() local m = getmetatable(""); return type(m) == "table" and m or nil end)
probe("_ENV parent", function() local e = _ENV; return rawget(e, "io") end)
probe("coroutine env", function() return coroutine.wrap(function() return io end)() end)
probe("debug via string", function() return ("").debug end)
probe("package.loaded", function() return package end)
probe("require io", function() return require("io") end)
pcall(setmetatable, _G, { __index = function() return "tamper" end })
assert(rawequal(getmetatable(_G), getmetatable(_G)))
if #reached > 0 then error("sandbox escapes: " .. table.concat(reached, ", ")) end
print("SANDBOX OK")
return require("dynamics").animator{}
