-- expect: error at 6
-- A table error object (no __tostring) raised in an action: the report keeps file:line.
local dyn = require "dynamics"
local a = dyn.animator{}; a:addBehavior(dyn.gravity{ items = { dyn.item{ size = {1, 1} } } }) -- keeps the animator running
a:addBehavior(dyn.behavior{ action = function()
  error({ code = 42 })
end })
return a
