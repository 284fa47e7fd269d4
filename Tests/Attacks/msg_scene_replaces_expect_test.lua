-- expect: error "a scene cannot replace the test API's 'expect'" not "\nok "
-- A scene loaded with loadScene that defined a global `expect` turned its test's failing
-- checks into passes. Scenes see the file's globals through a view that refuses
-- the test API's names.
test("the scene under test cannot forge its result", function()
  loadScene("support/replaces_expect.lua")
  expect(1):toBe(2)
end)
