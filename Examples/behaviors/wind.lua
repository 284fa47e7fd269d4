-- A steady wind: a force on every item, applied in the per-frame action.
-- dyn.use("wind"){ items = {...}, strength = 80, direction = {1, 0} }
---@type dynamics.PluginDefinition
local wind = {
  name = "wind",
  params = { strength = 40, direction = {1, 0} },   -- UIKit Newtons; a unit direction
  action = function(self, dt)
    local d = self.direction
    local dx, dy = d.x or d[1], d.y or d[2]
    for _, item in ipairs(self.items) do
      item:applyForce{ x = self.strength * dx, y = self.strength * dy }
    end
  end,
}
return wind
