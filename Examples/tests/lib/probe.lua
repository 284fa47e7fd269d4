-- Shared by the interaction examples' tests: scripted drags run to their release.
local dyn = require "dynamics"
local M = {}

-- Plays `animator:drag(options)` and runs the animator to the internal step (1/120 s) its
-- finger lifts in: after `duration`, and `hold` (with release = "stop", at least the velocity
-- window, held still so that it lifts without a fling). Returns the drag's handle, done.
function M.drag(animator, options)
  local g = animator:drag(options)
  local hold = options.hold or 0
  if options.release == "stop" then hold = math.max(hold, dyn.pointerVelocityWindow) end
  animator:run{ seconds = math.ceil(((options.duration or 0.25) + hold) * 120 - 1e-6) / 120 }
  assert(g.done, "the drag did not end")
  return g
end

return M
