-- expect: error "instruction budget exceeded"
-- The animator delegate's didPause loops, behind pcall.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.itemBehavior{ items = {box} })
a.delegate = { didPause = function() while true do pcall(function() while true do end end) end end }
return a
