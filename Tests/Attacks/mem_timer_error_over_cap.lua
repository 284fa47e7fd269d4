-- expect: error "instruction budget exceeded" at 13 not "unprotected"
-- args: --seconds 1 --lua-budget 100000000
-- A timer fills the state to its cap, then assigns the animator's delegate forever. Each
-- assignment kept the earlier delegate's references, so the registry grew past the cap for
-- good, and reporting the timer's error (its location, pushed by the host outside any call
-- into Lua) raised "not enough memory" unprotected: the process aborted. Replaced delegates
-- are now released, and the cap binds only while script code runs.
local dyn = require "dynamics"
local a = dyn.animator{}
Fill = {}
a:after(0, function()
  pcall(function() while true do Fill[#Fill + 1] = ("x"):rep(1000) .. #Fill end end)
  while true do a.delegate = {} end
end)
return a
