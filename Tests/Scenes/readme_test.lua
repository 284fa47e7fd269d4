-- The README's Lua example, run as written (print is silenced).
local dyn = require "dynamics"

test("the README scene runs and comes to rest inside its bounds", function()
  local print = function() end
  local animator = dyn.animator{ bounds = {0, 0, 320, 568} }
  local head = dyn.item{ center = {160, 125}, size = {50, 50}, shape = "ellipse", name = "head" }
  local c = dyn.collision{ items = {head}, boundsAsBoundary = true }
  c.onBegan = function(item, other, point) print("hit", other, point.y) end
  animator:addBehavior(dyn.gravity{ items = {head} })
  animator:addBehavior(c)
  animator:addBehavior(dyn.itemBehavior{ items = {head}, elasticity = 0.75 })
  animator:addBehavior(dyn.field.custom{ items = {head},
    evaluate = function(position, velocity, mass, charge, time) return 0.5, 0 end })  -- UIKit Newtons
  animator:addBehavior(dyn.behavior{ items = {head}, action = function(self, dt)
    for _, item in ipairs(self.items) do item:applyForce{ x = 0, y = -0.2 } end
  end })
  animator:run{ untilPaused = true, seconds = 10 }
  expect(head.center.y):toBeLessThan(568 - 25 + 0.5)
  expect(head.center.x):toBeGreaterThan(160)      -- the custom field pushed it right
  expect(head.name):toBe("head")
end)
