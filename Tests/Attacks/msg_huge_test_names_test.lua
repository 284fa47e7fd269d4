-- expect: ok "20 passed"
-- Twenty tests named with a 20 MB string: each name was copied whole into results, the
-- worker's report and the output (1.3 GB, 35 s). Names are kept shortened to 4 KiB.
local n = ("x"):rep(20 * 1024 * 1024)
for i = 1, 20 do test(n, function() end) end
