-- expect: error "instruction budget exceeded"
-- Coroutines inside coroutines, the innermost looping; every level swallows errors.
local function level(n)
  if n == 0 then while true do end end
  while true do coroutine.resume(coroutine.create(function() level(n - 1) end)) end
end
level(20)
