-- expect: ok
-- The test API's scene reader must not read files outside the test file's folder, by ../,
-- absolute path, /proc or symlink-like tricks, through the global or loadScene.
local outside = {
  "../Scenes/physics_test.lua",
  "../../Examples/blockman.lua",
  "behaviors/../../Scenes/readme_test.lua",
  "/proc/self/cwd/Examples/blockman.lua",
  "/proc/self/root/etc/hostname.lua",
  "//proc/self/cwd/Package.swift.lua",
  "./../Scenes/plugins_test.lua",
}
for _, path in ipairs(outside) do
  test("loadScene " .. path, function()
    expect(function() return loadScene(path) end):toFail()
  end)
  test("raw reader " .. path, function()
    local reader = rawget(_G, "__dynamics_readScene")
    if reader then expect(function() return reader(path) end):toFail() end
  end)
end
