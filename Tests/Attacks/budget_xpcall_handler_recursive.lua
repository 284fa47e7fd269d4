-- expect: error "instruction budget exceeded"
-- A message handler that itself calls xpcall with a looping handler, recursively.
local function handler(m)
  return xpcall(function() while true do end end, handler)
end
while true do xpcall(function() while true do end end, handler) end
