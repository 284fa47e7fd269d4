-- expect: ok "PLUGIN NUMBERS CHECKED"
-- Plugin parameters were checked by type only: a NaN default was taken (and listed by
-- `dynamics behaviors`), and an override of NaN or inf reached the plugin's action. Defaults
-- and overrides are numbers checked like every other: finite.
local dyn = require "dynamics"
local ok, e = pcall(dyn.use, "nan_default")
assert(not ok and e:find("params%.%a+: must be finite"), tostring(e))
local drift = dyn.use("drift")
local box = dyn.item{ size = {10, 10} }
for _, bad in ipairs{ {strength = 0/0}, {strength = 1/0}, {direction = {0/0, 0}}, {direction = {1, 1/0}} } do
  bad.items = {box}
  local ok2, e2 = pcall(drift, bad)
  assert(not ok2 and e2:find("drift%.%a+: must be finite"), tostring(e2))
end
assert(drift{ items = {box}, strength = 3 })
print("PLUGIN NUMBERS CHECKED")
return dyn.animator{}
