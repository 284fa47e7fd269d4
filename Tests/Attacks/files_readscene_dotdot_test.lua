-- expect: ok
-- The test API's scene reader must not read files outside the folders a test may read (its
-- own folder and below, the folders its run was given), by ../, absolute paths, /proc or
-- doubled slashes, through the global or loadScene.
local outside = {
  "../../Examples/blockman.lua",
  "behaviors/../../../Examples/blockman.lua",
  "./../.././Examples/pendulum.lua",
  "/proc/self/cwd/Examples/blockman.lua",
  "/proc/self/root/etc/hostname.lua",
  "//proc/self/cwd/Examples/blockman.lua",
  "../../Examples/behaviors/wind.lua",
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
