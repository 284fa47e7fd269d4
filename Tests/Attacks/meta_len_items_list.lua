-- expect: ok or error "instruction budget exceeded"
-- An items list whose __len loops or lies (2^62): the host must take the raw length.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
local items = setmetatable({ box }, { __len = function() while true do end end })
a:addBehavior(dyn.gravity{ items = items })
local lying = setmetatable({ box }, { __len = function() return 1 << 62 end })
a:addBehavior(dyn.collision{ items = lying, boundsAsBoundary = false })
return a
