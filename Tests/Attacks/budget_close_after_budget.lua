-- expect: error "instruction budget exceeded"
-- A to-be-closed variable whose __close loops, entered while the budget error unwinds.
local function body()
  local guard <close> = setmetatable({}, { __close = function() while true do end end })
  while true do end
end
while true do pcall(body) end
