-- expect: error "instruction budget exceeded" | "too complex" | "pattern"
-- A backtracking find inside an action run by a:run{} (a C function inside a host call).
local dyn = require "dynamics"
local a = dyn.animator{}; a:addBehavior(dyn.gravity{ items = { dyn.item{ size = {1, 1} } } }) -- keeps the animator running
local box = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.behavior{ items = {box}, action = function()
  local s = ("a"):rep(3000)
  while true do pcall(string.find, s, ("a-"):rep(30) .. "b") end
end })
a:run{ seconds = 0.1 }
return a
