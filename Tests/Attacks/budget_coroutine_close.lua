-- expect: error "instruction budget exceeded"
-- coroutine.close runs a suspended coroutine's pending __close, which loops.
while true do
  local co = coroutine.create(function()
    local v <close> = setmetatable({}, { __close = function() while true do end end })
    coroutine.yield()
  end)
  coroutine.resume(co)
  coroutine.close(co)
end
