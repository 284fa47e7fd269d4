-- expect: error "declare test cases at the top level of the file" at 7
-- A case declared while another runs (here inside the case; a timer or a callback would
-- be the same) was dropped silently: the file reported 1 passed and its failing inner case
-- never ran.
test("outer", function()
  expect(1):toBe(1)
  test("inner", function() expect(1):toBe(2) end)
end)
