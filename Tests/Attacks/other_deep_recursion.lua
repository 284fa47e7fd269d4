-- expect: error "stack overflow" | "instruction budget exceeded"
-- Unbounded Lua recursion, at the top level.
local function f(n) return 1 + f(n + 1) end
f(1)
