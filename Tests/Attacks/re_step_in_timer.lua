-- expect: ok "FINITE" or error "inside its own step" not "NON-FINITE"
-- a:step() and structural changes from a timer (animator:after / every, docs/lua-api.md).
local dyn = require "dynamics"
local depth = 0 -- re-entrant steps must not recurse forever: step again only from the outer call
local function once(fn) return function(...) if depth > 0 then return 0, 0 end; depth = depth + 1; local ok, x, y = pcall(fn, ...); depth = depth - 1; if not ok then error(x, 0) end; return x, y end end
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
local g = dyn.gravity{ items = {box} }
a:addBehavior(g)
a:after(0.1, once(function() a:removeBehavior(g); a:step(); a:addBehavior(g) end))
local t = a:every(0.05, once(function() a:step(); return true end))
a:run{ seconds = 0.5 }
t:cancel()
local c = box.center
print((c.y == c.y and c.y - c.y == 0) and "FINITE" or "NON-FINITE")
return a
