-- expect: ok "FILES OK"
-- require and dyn.use with paths, and every global that could reach the file system.
local dyn = require "dynamics"
local refused = 0
for _, name in ipairs{ "../Scenes/physics_test", "/etc/passwd", "behaviors/../../../Package", "..", "io", "os", "debug",
                       "package", "ffi", "lfs", "dynamics/../../Package", "hostile_definition/../hoarder" } do
  if not pcall(require, name) then refused = refused + 1 else print("require accepted " .. name) end
end
for _, name in ipairs{ "../../../Examples/blockman", "/etc/passwd", "..", "behaviors/hoarder", "hoarder.lua", "" } do
  if not pcall(dyn.use, name) then refused = refused + 1 else print("use accepted " .. name) end
end
for _, g in ipairs{ "io", "debug", "package", "dofile", "loadfile", "loadstring", "module", "__dynamics_readScene" } do
  assert(rawget(_G, g) == nil, "global " .. g .. " is reachable")
end
assert(os.execute == nil and os.getenv == nil and os.remove == nil and os.rename == nil and os.tmpname == nil and os.exit == nil)
assert(string.dump == nil)
assert(refused == 18, "some paths were accepted")
print("FILES OK")
return dyn.animator{}
