-- expect: error "the scene returned a table without its animator"
-- The scene's returned table has a looping __index: reading `animator` and `seconds` from it
-- must not hang the CLI. It is read raw: no animator of its own, an error; __index never runs.
local dyn = require "dynamics"
local a = dyn.animator{}
dyn.gravity{ items = { dyn.item{ size = {1, 1} } } }
return setmetatable({}, { __index = function() while true do end end })
