-- Shared by the interaction examples' tests: step a scene one internal step (1/120 s) at a
-- time and look at it after each.
local M = {}

-- Steps `animator` for up to `limit` seconds, calling `probe()` after every internal step,
-- until `probe()` returns true; returns the simulated seconds that took, or nil.
function M.until_(animator, limit, probe)
  for n = 1, math.floor(limit * 120 + 0.5) do
    animator:step(1 / 120)
    if probe() then return n / 120 end
  end
end

-- Steps `animator` for `seconds`, calling `probe()` after every internal step.
function M.watch(animator, seconds, probe)
  M.until_(animator, seconds, function() probe() end)
end

-- Plays a drag and steps to its `ended` (its handle's `done`); returns the handle.
function M.drag(animator, options)
  local g = animator:drag(options)
  assert(M.until_(animator, 10, function() return g.done end), "the drag did not end")
  return g
end

function M.distance(p, q) return math.sqrt((p.x - q.x) ^ 2 + (p.y - q.y) ^ 2) end

return M
