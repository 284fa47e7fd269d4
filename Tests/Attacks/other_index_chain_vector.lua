-- expect: error "item.center" | "chain too long" | "stack overflow" | "C stack"
-- A vector whose x is behind a 3000-deep __index chain (Lua raises "'__index' chain too
-- long" while the host reads it: outside a pcall that aborts today).
local dyn = require "dynamics"
local t = { x = 1, y = 2 }
for i = 1, 3000 do t = setmetatable({}, { __index = t }) end
dyn.item{ size = {1, 1}, center = t }
return dyn.animator{}
