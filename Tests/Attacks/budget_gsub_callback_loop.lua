-- expect: error "instruction budget exceeded"
-- A Lua callback called by a C function (gsub), looping behind pcall.
local s = ("x"):rep(1000)
while true do
  pcall(string.gsub, s, ".", function() while true do end end)
end
