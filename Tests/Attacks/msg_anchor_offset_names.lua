-- expect: ok "NAMES RIGHT"
-- An anchor far from an item was reported as 'offsetFromCenter', a property the script never
-- set (then by its Swift name, attachmentAnchor; now attachment.anchor); an offset given to a
-- pin, fixed or sliding attachment was ignored unchecked; a name with a NUL byte read back cut
-- at it; error(42) lost its file:line.
local dyn = require "dynamics"
local x = dyn.item{ size = {10, 10}, center = {0, 0} }
local y = dyn.item{ size = {10, 10}, center = {20, 0} }
local ok, e = pcall(dyn.attachment, { item = x, anchor = {-1e7, -1e7}, type = "sliding", axis = {1, 0} })
assert(not ok and e:find("attachment%.anchor: must be within") and not e:find("offsetFromCenter") and not e:find("attachmentAnchor"), e)
ok, e = pcall(dyn.attachment, { item = x, to = y, anchor = {1e7, 0}, type = "pin" })
assert(not ok and e:find("attachment%.anchor"), e)
for _, kind in ipairs{ "pin", "fixed", "sliding" } do
  ok, e = pcall(dyn.attachment, { item = x, to = y, anchor = {10, 0}, type = kind, offset = {1e7, 1e7} })
  assert(not ok and e:find("attachment.offset: a " .. kind .. " attachment holds its items at its anchor"), e)
end
local named = dyn.item{ size = {10, 10}, name = "a\0b" }
assert(named.name == "a\0b" and #named.name == 3, #named.name)
ok, e = pcall(function() error(42) end)
assert(not ok and e == 42) -- pcall keeps the object itself
local co = coroutine.create(function() error(1.5) end)
local _, ce = coroutine.resume(co)
assert(ce == 1.5)
print("NAMES RIGHT")
return dyn.animator{}
