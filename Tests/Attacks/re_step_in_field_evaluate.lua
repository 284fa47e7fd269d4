-- expect: ok "FINITE" or error "inside its own step" not "NON-FINITE"
-- a:step() from inside a custom field's evaluate (an exclusivity violation, abort, today).
local dyn = require "dynamics"
local depth = 0 -- re-entrant steps must not recurse forever: step again only from the outer call
local function once(fn) return function(...) if depth > 0 then return 0, 0 end; depth = depth + 1; local ok, x, y = pcall(fn, ...); depth = depth - 1; if not ok then error(x, 0) end; return x, y end end
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.field.custom{ items = {box}, evaluate = once(function(p, v, m, q, t) a:step(); return 0, 1 end) })
a:run{ seconds = 0.2 }
local c = box.center
print((c.y == c.y and c.y - c.y == 0) and "FINITE" or "NON-FINITE")
return a
