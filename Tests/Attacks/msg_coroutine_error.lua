-- expect: error "item.size" at 5
-- A model error raised inside a coroutine keeps the property name and the file:line.
local dyn = require "dynamics"
local co = coroutine.wrap(function()
  return dyn.item{ size = "big" }
end)
co()
