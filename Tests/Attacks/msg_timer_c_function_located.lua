-- expect: error "msg_timer_c_function_located.lua:7): bad argument #1 to 'table.sort'"
-- A timer whose function is a C function failed with "timer (after at [C]:-1)": no script
-- line. It names the line that made the timer.
local dyn = require "dynamics"
local a = dyn.animator{}
a:addBehavior(dyn.gravity{ items = { dyn.item{ size = {10, 10} } } })
a:after(0.1, table.sort)
return a
