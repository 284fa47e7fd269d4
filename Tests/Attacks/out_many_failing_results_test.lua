-- expect: error "0 passed, 10000 failed" not "crashed"
-- 10 000 failing cases with 8 KB messages: each result was held whole by the worker, its report
-- and the supervisor (+353 MB) and printed (81 MB). Results are bounded in total bytes; the cut
-- ones say so.
local big = ("m"):rep(8000)
local long = ("n"):rep(4000)
for i = 1, 10000 do
  test(long .. i, function() print(big); error(big, 0) end)
end
