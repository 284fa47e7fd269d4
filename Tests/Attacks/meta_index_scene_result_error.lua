-- expect: error "the scene returned a table without its animator"
-- The scene's returned table raises from __index: read outside a protected call, it
-- aborted the process ("unprotected Lua error"). The table is read raw: it has no
-- animator of its own, which is an error; its __index never runs.
local dyn = require "dynamics"
local a = dyn.animator{}
return setmetatable({}, { __index = function() error("scene result boom") end })
