-- expect: ok "FINITE" or error "instruction budget exceeded" not "NON-FINITE"
-- Tampering with the shared string and table libraries (method calls on strings go through
-- them): every replacement loops; the host must not call any of them outside the budget.
local dyn = require "dynamics"
local loop = function() while true do end end
local out = print
for _, lib in ipairs{ string, table, math, utf8, coroutine } do
  for k in pairs(lib) do pcall(function() lib[k] = loop end) end
end
for _, k in ipairs{ "tostring", "tonumber", "type", "pairs", "ipairs", "next", "select", "rawget", "rawlen", "setmetatable", "getmetatable", "print" } do
  _G[k] = loop
end
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10}, name = "x" }
a:addBehavior(dyn.gravity{ items = {box} })
a:addBehavior(dyn.behavior{ items = {box}, action = function(self, dt) local c = box.center end })
a:run{ seconds = 0.2 }
local c = box.center
out((c.y == c.y) and "FINITE" or "NON-FINITE")
return a
