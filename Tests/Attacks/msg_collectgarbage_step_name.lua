-- expect: error "bad argument #2 to 'collectgarbage'" at 5 not "'gc'"
-- The sandbox's collectgarbage wrapper: a bad argument names the function the script called,
-- not the wrapper's own variable, at the script's line.
local dyn = require "dynamics"
collectgarbage("step", 1.5)
return dyn.animator{}
