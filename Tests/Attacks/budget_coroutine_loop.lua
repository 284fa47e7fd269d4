-- expect: error "instruction budget exceeded"
-- The loop runs inside a coroutine: the budget must be armed on every thread.
local co = coroutine.wrap(function() while true do end end)
co()
