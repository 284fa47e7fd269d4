-- expect: error "lib/failing_module.lua:4: the module fails here" not "stack overflow"
-- A module that raises while loading: its error with its own file and line. Caught once, it
-- is not cached: requiring it again raises again.
local ok, err = pcall(require, "failing_module")
assert(not ok and err:find("lib/failing_module.lua:4:", 1, true), tostring(err))
require "failing_module"
return require("dynamics").animator{}
