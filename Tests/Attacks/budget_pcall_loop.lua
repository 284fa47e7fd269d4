-- expect: error "instruction budget exceeded"
-- The budget error caught by pcall, again and again: once over budget the call stays over.
while true do pcall(function() while true do end end) end
