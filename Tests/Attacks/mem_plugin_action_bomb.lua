-- expect: error "not enough memory"
-- A plugin (behaviors/hoarder.lua) whose action allocates 300 MB, run by a:run{}.
-- args: --seconds 1 --lua-budget 1000000000 --lua-memory 32
local dyn = require "dynamics"
local a = dyn.animator{}; a:addBehavior(dyn.gravity{ items = { dyn.item{ size = {1, 1} } } }) -- keeps the animator running
local box = dyn.item{ size = {1, 1} }
a:addBehavior(dyn.use("hoarder"){ items = {box} })
a:run{ seconds = 0.05 }
return a
