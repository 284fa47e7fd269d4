-- expect: ok "POINTER CHECKED"
-- animator:pointer with a point past the coordinate limit or an unknown key is an error
-- naming it (it was dropped without a word), and the drag it began still ends: an "ended"
-- anywhere releases the item (the drag stayed attached for ever).
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 400, 400} }
local b = dyn.item{ center = {200, 200}, size = {40, 40} }
a:addBehavior(dyn.collision{ items = {b}, boundsAsBoundary = true })
a:pointer{ phase = "began", x = 205, y = 205 }
a:step()
assert(#a:behaviors() == 2, "the drag holds the item")
local ok, err = pcall(a.pointer, a, { phase = "moved", x = 1e300, y = -1e300 })
assert(not ok and tostring(err):find("pointer.x: must be within", 1, true), tostring(err))
ok, err = pcall(a.pointer, a, { phase = "moved", x = 10, y = 1e8 })
assert(not ok and tostring(err):find("pointer.y: must be within", 1, true), tostring(err))
ok, err = pcall(a.pointer, a, { phase = "moved", x = 1, y = 1, z = 3 })
assert(not ok and tostring(err):find("unknown property 'z'", 1, true), tostring(err))
a:pointer{ phase = "ended", x = 230, y = 205 }
assert(#a:behaviors() == 1, "the drag ended")
print("POINTER CHECKED")
return a
