-- expect: error "not enough memory"
-- An action that makes 5000 behaviors and 5000 timers every frame and keeps them in the
-- animator: host objects, charged against the cap like Lua's own memory.
-- args: --seconds 20 --lua-budget 100000000000 --lua-memory 16
local dyn = require "dynamics"
local a = dyn.animator{}
local item = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.gravity{ items = { item } })
a:addBehavior(dyn.behavior{ items = { item }, action = function()
  for i = 1, 5000 do
    a:addBehavior(dyn.gravity{ items = { item } })
    a:after(1000, function() end)
  end
end })
return a
