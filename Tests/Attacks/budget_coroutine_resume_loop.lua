-- expect: error "instruction budget exceeded"
-- coroutine.resume catches errors like pcall: new coroutines, each looping, forever.
while true do
  coroutine.resume(coroutine.create(function() while true do end end))
end
