-- expect: ok
-- Handles (userdata) cannot be given metatables by scripts, and their own metatable is not
-- reachable for tampering; comparisons and concatenation of handles raise ordinary errors.
local dyn = require "dynamics"

test("getmetatable of a handle does not expose a writable host metatable", function()
  local box = dyn.item{ size = {10, 10} }
  local mt = getmetatable(box)
  if type(mt) == "table" then
    -- If exposed, tampering must not hurt the host: replace everything with loops.
    local loop = function() while true do end end
    pcall(function() mt.__index = loop; mt.__newindex = loop; mt.__gc = loop; mt.__close = loop; mt.__len = loop end)
  end
  local a = dyn.animator{}
  a:addBehavior(dyn.gravity{ items = {box} })
  a:step()
  expect(box.center.y > 0):toBeTruthy()
end)

test("setmetatable on a handle is refused", function()
  local box = dyn.item{ size = {10, 10} }
  expect(function() setmetatable(box, {}) end):toFail()
end)

test("comparing, concatenating and calling handles are plain errors", function()
  local a, b = dyn.item{ size = {1, 1} }, dyn.item{ size = {1, 1} }
  expect(a == b):toBe(false)
  expect(function() return a < b end):toFail()
  expect(function() return a .. "x" end):toFail()
  expect(function() return a() end):toFail()
  expect(function() return #a end):toFail()
  expect(type(tostring(a))):toBe("string")
end)
