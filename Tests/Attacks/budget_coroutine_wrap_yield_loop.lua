-- expect: error "instruction budget exceeded"
-- A generator resumed forever; each resume is short, the whole call is not.
local gen = coroutine.wrap(function() while true do coroutine.yield(1) end end)
while true do gen() end
