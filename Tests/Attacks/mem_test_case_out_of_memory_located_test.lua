-- expect: error "not enough memory" at 5
-- args: --lua-memory 8 --lua-budget 10000000
-- A case that runs out of memory failed without a line (Lua's memory error has none). It names
-- the line that declared the case.
test("memory", function()
  local t = {}
  for i = 1, 1e9 do t[i] = ("x"):rep(64) .. i end
end)
