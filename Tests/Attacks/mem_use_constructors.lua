-- expect: ok "one constructor"
-- args: --seconds 1 --lua-budget 100000000
-- dyn.use(name) made a new host function on every call, and host functions live until the
-- state closes: a loop calling dyn.use("gravity") kept 3.7 million of them (400 MB, with Lua
-- reporting 45 KB in use). The constructor is now made once per name.
local dyn = require "dynamics"
local use = dyn.use
local t0, first = os.clock(), dyn.use("gravity")
while os.clock() - t0 < 0.3 do
  for i = 1, 1000 do assert(use("gravity") == first) end
end
print("one constructor")
return dyn.animator{}
