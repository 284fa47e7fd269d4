-- expect: ok or error "scene result boom"
-- The scene's returned table raises from __index: read outside a protected call today,
-- this aborts the process ("unprotected Lua error").
local dyn = require "dynamics"
local a = dyn.animator{}
return setmetatable({}, { __index = function() error("scene result boom") end })
