-- expect: error "instruction budget exceeded"
-- Many nested to-be-closed variables, each looping in __close and raising from it.
local mt = { __close = function() local n = 0; while true do n = n + 1 end end }
local function nest(k)
  local v <close> = setmetatable({}, mt)
  if k > 0 then return nest(k - 1) end
  while true do end
end
nest(100)
