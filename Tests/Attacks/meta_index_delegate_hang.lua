-- expect: ok or error "instruction budget exceeded"
-- A delegate table whose didPause/willResume are looked up through a looping __index.
local dyn = require "dynamics"
local a = dyn.animator{}
a.delegate = setmetatable({}, { __index = function() while true do end end })
return a
