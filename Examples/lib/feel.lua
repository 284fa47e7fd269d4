-- Shared by the interaction examples (cards, bottom_sheet, pip).
local dyn = require "dynamics"
local M = {}

-- The live viewer's sliders for `spring` in SwiftUI's terms (response, dampingFraction); each
-- change makes the new spring and hands it to `apply(spring)`.
function M.sliders(spring, apply)
  local feel = { response = spring.response, dampingFraction = spring.dampingFraction }
  local function set(key) return function(v) feel[key] = v; apply(dyn.spring(feel)) end end
  -- Both sliders are the spring's: the viewer draws its step response beside them.
  local curve = { response = "response", dampingFraction = "dampingFraction" }
  return {
    response = { value = feel.response, min = 0.1, max = 1.5, step = 0.05, apply = set("response"), spring = curve },
    dampingFraction = { value = feel.dampingFraction, min = 0.2, max = 1.5, step = 0.05, apply = set("dampingFraction"),
                        spring = curve },
  }
end

-- Plays `script` as a task and installs `onPointer` (optional). A real pointer's first event
-- (not a scripted gesture's) ends the demo: under `serve` it plays until a person touches.
function M.demo(animator, script, onPointer)
  local task = animator:spawn(script)
  animator.onPointer = function(e)
    if not e.scripted then task:cancel() end
    if onPointer then return onPointer(e) end
  end
  return task
end

return M
