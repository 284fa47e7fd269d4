-- expect: error "not enough memory" at 12
-- args: --seconds 0 --lua-budget 100000000000
-- A style's text is host memory: one 2 KB Lua string given as the text of 20 000 items is one
-- string to Lua and 20 000 copies to the host (40 MB more than the items, which fit the 64 MB
-- cap alone). Each item's style is charged with the item, so the items and styles that would
-- pass the cap are refused at their line.
local dyn = require "dynamics"
local a = dyn.animator{}
local text = string.rep("é", 1000)
local items = {}
for i = 1, 20000 do
  items[i] = dyn.item{ size = {10, 10}, style = { fill = "#fff", text = text } }
end
a:addBehavior(dyn.itemBehavior{ items = items })
return a
