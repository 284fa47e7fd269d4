-- A module that steps the animator while it loads, required from an action
-- (re_require_in_action.lua): the step runs inside the animator's own step.
if Animator then Animator:step() end
return { loaded = true }
