-- expect: error "timed out after 1"
-- dynamics test --timeout 1 with a budget of 100 s: the worker is killed and reported,
-- the run goes on to the summary.
-- args: --lua-budget 10000000000 --timeout 1
test("loops for as long as the budget allows", function() while true do end end)
