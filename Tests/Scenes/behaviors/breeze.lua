-- A test fixture (plugins_test.lua): a steady force on every item, from the per-frame action.
-- The package's example plugins (Examples/behaviors) are on the examples' path only.
---@type dynamics.PluginDefinition
local breeze = {
  name = "breeze",
  params = { strength = 40, direction = {1, 0} },   -- UIKit Newtons; a unit direction
  action = function(self, dt)
    local f = { self.strength * self.direction.x, self.strength * self.direction.y }
    for _, item in ipairs(self.items) do item:applyForce(f) end
  end,
}
return breeze
