-- expect: error "instruction budget exceeded"
-- pcall around pcall around a loop, and a catch-all that ignores every error.
local function stubborn()
  while true do
    local ok = pcall(function()
      pcall(function() while true do end end)
      while true do end
    end)
  end
end
while true do pcall(stubborn) end
