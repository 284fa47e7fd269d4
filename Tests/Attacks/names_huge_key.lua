-- expect: error "unknown property 'aaaa" at 16 not "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
-- A name of 4 MB read from a handle, given to a constructor, to require and to use: the
-- "did you mean" search once compared it with every property name letter by letter (minutes
-- of host time); now names more than two letters longer than every candidate are not
-- compared, and the message shows 60 characters of the name and its length.
-- args: --seconds 1
local dyn = require "dynamics"
local a = dyn.animator{}
local it = dyn.item{ size = {10, 10} }
a:addBehavior(dyn.gravity{ items = { it } })
local k = ("a"):rep(4000000)
for i = 1, 3 do assert(not pcall(function() return it[k] end)) end
for i = 1, 3 do assert(not pcall(function() it[k] = 1 end)) end
assert(not pcall(require, k))
assert(not pcall(dyn.use, k))
dyn.item{ size = {1, 1}, [k] = 1 }
return a
