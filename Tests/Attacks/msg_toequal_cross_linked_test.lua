-- expect: error "toEqual: compared 2500000 entries without reaching the end" at 15 not "\nok "
-- args: --lua-budget 1000000000
-- Tables that share subtables in different ways pair each subtable of one with each of the
-- other: k tables of k entries are k³ comparisons (64 million here). toEqual bounds its
-- work and says so, at the check's line, instead of running out of the case's budget (given
-- 10 s here, so that the bound is what stops it).
test("cross-linked tables", function()
  local k = 400
  local as, bs = {}, {}
  for i = 1, k do as[i] = {}; bs[i] = {} end
  for i = 1, k do
    for j = 1, k do as[i][j] = as[j]; bs[i][j] = bs[(i + j) % k + 1] end
  end
  -- line 15 is the check
  expect(as[1]):toEqual(bs[1])
end)
