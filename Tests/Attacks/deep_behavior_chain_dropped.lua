-- expect: error "at most 256 levels" at 7 not "Signal"
-- The same chain never added anywhere, only dropped: freeing it recursed 100 000 levels deep.
-- args: --seconds 1 --lua-budget 10000000000
local dyn = require "dynamics"
local b = dyn.behavior{}
local ok, err = pcall(function()
  for i = 1, 100000 do b = dyn.behavior{ children = { b } } end
end)
b = nil
collectgarbage() collectgarbage()
error(err, 0)
