-- A test fixture (plugins_test.lua): a custom field pulling items toward `position` with a
-- force of strength·10⁴/r² UIKit Newtons (r in points, at least `radius`).
---@type dynamics.PluginDefinition
local attractor = {
  name = "attractor",
  params = { position = {0, 0}, strength = 1, radius = 40 },
  field = function(self, p, velocity, mass, charge, time)
    local dx, dy = p.x - self.position.x, p.y - self.position.y
    local r = math.max(math.sqrt(dx * dx + dy * dy), self.radius)
    local pull = self.strength * 1e4 / (r * r * r)
    return -pull * dx, -pull * dy
  end,
}
return attractor
