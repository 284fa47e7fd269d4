-- expect: error "instruction budget exceeded"
-- A message handler that loops once the budget error reaches it.
while true do
  xpcall(function() while true do end end, function(m) while true do end end)
end
