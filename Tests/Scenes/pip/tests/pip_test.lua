-- A test in a folder below its scene (issue 24: `loadScene("../pip.lua")` failed with "use: no
-- behavior or plugin named 'magneticCorners'", because only the test's folder was searched).
local dyn = require "dynamics"

test("plugins of a loaded scene are found from its test", function()
  local scene = loadScene("../pip.lua")
  scene.animator:run{ seconds = 3 }
  expect(scene.pip.center):toBeCloseTo({70, 50}, 1)
  expect(scene.magnet.target.x):toBe(70)
  expect(scene.magnet.target.y):toBe(50)
end)

test("the scene's modules come from its folder, then its lib/, then the test's folder", function()
  local scene = loadScene("../pip.lua")
  expect(scene.found.first):toBe("the scene folder")
  expect(scene.found.second):toBe("the scene lib/")
  expect(scene.found.third):toBe("the test folder")
  -- The test's own code searches its own folder first.
  expect(require "first"):toBe("the test folder")
end)

test("a module runs once per state: the scene and its plugin share it", function()
  local one, two = loadScene("../pip.lua"), loadScene("../pip.lua")
  expect(one.corners):toBe(two.corners)
  expect(cornersLoaded):toBe(1)
end)

test("a plugin keeps its own state on self, per instance", function()
  local scene = loadScene("../pip.lua")
  scene.animator:run{ seconds = 0.5 }          -- 30 frames: the action runs once a frame
  local other = loadScene("../pip.lua")
  expect(scene.magnet.steps):toBe(30)
  expect(other.magnet.steps):toBe(nil)
  other.magnet.steps = 7
  expect(scene.magnet.steps):toBe(30)
end)

test("the scene's plugins and modules are the scene's: the test's own code does not see them", function()
  expect(function() dyn.use("magneticCorners") end):toFail("no behavior or plugin named 'magneticCorners'")
  expect(function() return require "corners" end):toFail("no plugin or module named 'corners'")
end)
