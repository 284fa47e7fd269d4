-- Shared by the interaction examples (cards, bottom_sheet, pip): the live viewer's sliders
-- for a spring in SwiftUI's terms, and a scripted demo that gives way to a person.
local dyn = require "dynamics"
local M = {}

-- Sliders `response` (s) and `dampingFraction` for `spring`; each change makes the new spring
-- and hands it to `apply(spring)`.
function M.sliders(spring, apply)
  local feel = { response = spring.response, dampingFraction = spring.dampingFraction }
  local function set(key)
    return function(v) feel[key] = v; apply(dyn.spring(feel)) end
  end
  return {
    response = { value = feel.response, min = 0.1, max = 1.5, step = 0.05, apply = set("response") },
    dampingFraction = { value = feel.dampingFraction, min = 0.2, max = 1.5, step = 0.05, apply = set("dampingFraction") },
  }
end

-- Plays `script` as a task (the demo's gestures at their times) and installs `onPointer`
-- (optional): the first event of a real pointer (not a scripted gesture) ends the demo, so
-- under `dynamics serve` it plays until a person touches the screen. Returns the task.
function M.demo(animator, script, onPointer)
  local task = animator:spawn(script)
  animator.onPointer = function(e)
    if not e.scripted then task:cancel() end
    if onPointer then return onPointer(e) end
  end
  return task
end

return M
