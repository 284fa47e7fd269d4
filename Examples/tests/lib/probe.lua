-- Shared by the interaction examples' tests: step a scene one internal step (1/120 s) at a time.
local M = {}

-- Steps `animator` for up to `limit` s, calling `probe()` after every internal step, until it
-- returns true; returns the simulated seconds that took, or nil.
function M.until_(animator, limit, probe)
  for n = 1, math.floor(limit * 120 + 0.5) do
    animator:step(1 / 120)
    if probe() then return n / 120 end
  end
end

function M.watch(animator, seconds, probe) M.until_(animator, seconds, function() probe() end) end

-- Plays a drag and steps to the step of its `ended` (the handle's `done`).
function M.drag(animator, options)
  local g = animator:drag(options)
  assert(M.until_(animator, 10, function() return g.done end), "the drag did not end")
end

return M
