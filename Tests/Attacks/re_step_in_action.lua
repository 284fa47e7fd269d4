-- expect: ok "FINITE" or error "inside its own step" not "NON-FINITE"
-- a:step() and a:run{} from inside an action: allowed and correct, or refused with a clear error.
local dyn = require "dynamics"
local depth = 0 -- re-entrant steps must not recurse forever: step again only from the outer call
local function once(fn) return function(...) if depth > 0 then return 0, 0 end; depth = depth + 1; local ok, x, y = pcall(fn, ...); depth = depth - 1; if not ok then error(x, 0) end; return x, y end end
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.gravity{ items = {box} })
a:addBehavior(dyn.behavior{ action = once(function() a:step(); a:run{ seconds = 0.05 } end) })
a:run{ seconds = 0.2 }
local c, v = box.center, box.velocity
print((c.y == c.y and v.y == v.y and c.y - c.y == 0) and "FINITE" or "NON-FINITE")
return a
