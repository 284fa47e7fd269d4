-- The fixture scene's plugin: pulls each item to the nearest corner of lib/corners.lua (a
-- module its own code requires) with a damped spring, and keeps its state on self.
local corners = require "corners"
---@type dynamics.PluginDefinition
local magneticCorners = {
  name = "magneticCorners",
  params = { stiffness = 2, damping = 0.4 },   -- UIKit N per pt, UIKit N per pt/s
  action = function(self, dt)
    self.steps = (self.steps or 0) + 1
    for _, item in ipairs(self.items) do
      local c, v = item.center, item.velocity
      local target = corners.nearest(c)
      self.target = target
      item:applyForce{ self.stiffness * (target.x - c.x) - self.damping * v.x,
                       self.stiffness * (target.y - c.y) - self.damping * v.y }
    end
  end,
}
return magneticCorners
