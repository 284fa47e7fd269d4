-- expect: error "C stack overflow" at 5
-- Recursion through a C function (string.gsub calling back into Lua) ends in "C stack
-- overflow", raised in C: it had no file:line. It names the script's line now.
local function f(s)
  return (s:gsub(".", f))
end
f("x")
return nil
