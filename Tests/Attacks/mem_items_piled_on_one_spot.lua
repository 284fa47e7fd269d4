-- expect: error "pairs of shapes the contact allowance grants"
-- n items on one spot in one collision behavior touch pairwise: n²/2 contacts, none of it
-- Lua memory. 1000 items took over two minutes and 600 MB for one frame, 2000 grew the process
-- to 2.2 GB under a 64 MB cap. The engine's contacts are charged against the cap as the world
-- holds them, and a frame may make only as many as the room left holds: a step that finds more
-- stops the animator before any work that grows with the pairs.
local dyn = require "dynamics"
local a = dyn.animator{}
local items = {}
for i = 1, 3000 do items[i] = dyn.item{ size = {10, 10}, center = {100, 100} } end
a:addBehavior(dyn.collision{ items = items })
a:addBehavior(dyn.gravity{ items = items })
return a
