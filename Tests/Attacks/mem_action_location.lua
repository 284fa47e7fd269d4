-- expect: error at 10
-- Lua's own memory error carries no location (its message handler does not run for it): an
-- action that goes past the cap was reported as "action: not enough memory: …" with no file
-- or line. It names the action's definition now.
-- args: --seconds 1 --lua-memory 16
local dyn = require "dynamics"
local a = dyn.animator{}
local b = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.gravity{ items = {b} })
local hoard = {}; a:addBehavior(dyn.behavior{ items = {b}, action = function()
  for i = 1, 1e7 do hoard[#hoard + 1] = string.rep("y", 500) .. i end
end })
return a
