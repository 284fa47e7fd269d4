-- expect: ok "1 passed" not "crashed"
-- A test that prints 3 GB: the worker's output carried the report too, so the supervisor held
-- all 3 GB and then could not find the report ("crashed (exit status 0, no report)"). The
-- report now comes back in a file of its own, and what a script prints is discarded.
local s = ("x"):rep(1000000)
test("flood", function()
  for i = 1, 3000 do print(s) end
end)
