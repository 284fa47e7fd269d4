-- A plugin that re-enters its animator (used by re_step_in_plugin_action.lua).
local depth = 0
local function once(fn) return function(...) if depth > 0 then return 0, 0 end; depth = depth + 1; local ok, x, y = pcall(fn, ...); depth = depth - 1; if not ok then error(x, 0) end; return x, y end end
return {
  name = "restepper",
  params = { strength = 1 },
  action = once(function(self, dt) if Animator then Animator:step(dt) end end),
  field = once(function(self, p, v, m, q, t) if Animator then Animator:run{ seconds = 0.01 } end; return 0, self.strength end),
}
