-- expect: ok "FINITE" or error "inside its own step" not "NON-FINITE"
-- a:step() and a:run{} from inside onBegan / onEnded.
local dyn = require "dynamics"
local depth = 0 -- re-entrant steps must not recurse forever: step again only from the outer call
local function once(fn) return function(...) if depth > 0 then return 0, 0 end; depth = depth + 1; local ok, x, y = pcall(fn, ...); depth = depth - 1; if not ok then error(x, 0) end; return x, y end end
local a = dyn.animator{ bounds = {0, 0, 100, 100} }
local box = dyn.item{ size = {10, 10}, center = {50, 80} }
local c = dyn.collision{ items = {box}, boundsAsBoundary = true }
c.onBegan = once(function() a:step(); a:run{ seconds = 0.1 } end)
c.onEnded = once(function() a:step() end)
a:addBehavior(dyn.gravity{ items = {box} })
a:addBehavior(c)
a:run{ seconds = 1 }
local v = box.velocity
print((v.y == v.y and v.y - v.y == 0) and "FINITE" or "NON-FINITE")
return a
