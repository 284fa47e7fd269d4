-- expect: error "instruction budget exceeded"
-- As many dropped handles as a 1 s budget allows (field.region, items, behaviors); then the
-- state closes: closing must stay quick whatever was left behind.
-- args: --seconds 1 --lua-budget 100000000
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {1, 1} }
local f = dyn.field.drag{ items = {box} }
a:addBehavior(f)
while true do
  local r = f.region
  local i = dyn.item{ size = {1, 1} }
  local g = dyn.gravity{ items = { i } }
end
