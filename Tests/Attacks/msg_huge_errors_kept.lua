-- expect: error "bytes in all)"
-- A hundred actions each failing with a 10 MB message: the run kept every message whole
-- (1.4 GB, 23 s, 1 GB written). Error texts are kept and printed shortened to 4 KiB with the
-- full length, and the traceback is found without searching the whole message.
-- args: --seconds 1
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.gravity{ items = {box} })
local n = ("x"):rep(10 * 1024 * 1024)
for i = 1, 100 do a:addBehavior(dyn.behavior{ action = function() error(n, 0) end }) end
return a
