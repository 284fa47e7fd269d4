-- expect: ok "FINITE" or error "inside its own step" not "NON-FINITE"
-- a:step() / a:run{} from the delegate's didPause and willResume.
local dyn = require "dynamics"
local depth = 0 -- re-entrant steps must not recurse forever: step again only from the outer call
local function once(fn) return function(...) if depth > 0 then return 0, 0 end; depth = depth + 1; local ok, x, y = pcall(fn, ...); depth = depth - 1; if not ok then error(x, 0) end; return x, y end end
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
local d = dyn.itemBehavior{ items = {box} }
a:addBehavior(d)
a.delegate = {
  didPause = once(function() d:addLinearVelocity(box, {1, 0}); a:step(); a:run{ untilPaused = true, seconds = 0.5 } end),
  willResume = once(function() a:step() end),
}
a:run{ seconds = 2 }
local c = box.center
print((c.x == c.x and c.x - c.x == 0) and "FINITE" or "NON-FINITE")
return a
