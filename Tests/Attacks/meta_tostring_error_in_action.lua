-- expect: error at 6
-- The same inside an action (a call from the host's step): the failing action is reported
-- and disabled, the run ends.
local dyn = require "dynamics"
local a = dyn.animator{}; a:addBehavior(dyn.gravity{ items = { dyn.item{ size = {1, 1} } } }) -- keeps the animator running
a:addBehavior(dyn.behavior{ action = function() error(setmetatable({}, { __tostring = function() while true do end end })) end })
return a
