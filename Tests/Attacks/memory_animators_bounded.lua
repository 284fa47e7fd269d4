-- expect: error "at most 1000 animators" at 6
-- Every animator a script makes is kept by the host (the CLI steps them all): a loop of
-- 100 000 animators held 330 MB and took half a minute, quadratic in the count. A script
-- makes at most 1000.
local dyn = require "dynamics"
for i = 1, 100000 do local a = dyn.animator{} end
return dyn.animator{}
