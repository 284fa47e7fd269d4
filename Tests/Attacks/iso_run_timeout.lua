-- expect: error "timed out"
-- dynamics run --timeout 1 bounds a run whose budget would allow 100 s.
-- args: --seconds 1 --lua-budget 10000000000 --timeout 1
while true do end
