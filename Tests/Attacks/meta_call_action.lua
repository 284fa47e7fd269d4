-- expect: error "action" | "instruction budget exceeded"
-- A callable table as an action, whose __call loops.
local dyn = require "dynamics"
local a = dyn.animator{}
local callable = setmetatable({}, { __call = function() while true do end end })
a:addBehavior(dyn.behavior{ action = callable })
a:run{ seconds = 0.1 }
return a
