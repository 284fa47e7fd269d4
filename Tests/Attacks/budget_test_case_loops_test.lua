-- expect: error "1 passed, 4 failed" not "timed out" not "script is stopped"
-- Four test cases that loop forever: each took the case's 30 s (whatever --lua-budget said),
-- so the file hit its 60 s timeout and lost every result, and the fourth was refused once three
-- calls had run out of budget. Each case now stops at the per-call budget, on its own.
for i = 1, 4 do
  test("loop " .. i, function() while true do end end)
end
test("after the loops", function() expect(1):toBe(1) end)
