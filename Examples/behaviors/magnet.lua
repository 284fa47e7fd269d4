-- A magnet at `position` pulling its items with a force that falls off with distance
-- (a custom field: evaluated once per item per internal step).
-- dyn.use("magnet"){ items = {...}, position = {160, 284}, strength = 2 }
---@type dynamics.PluginDefinition
local magnet = {
  name = "magnet",
  params = { position = {0, 0}, strength = 1, radius = 40 },
  field = function(self, position, velocity, mass, charge, time)
    -- `position` is relative to the field (the origin here), in points.
    local px, py = position.x - (self.position.x or self.position[1]), position.y - (self.position.y or self.position[2])
    local r = math.max(math.sqrt(px * px + py * py), self.radius)
    local f = self.strength * 10000 / (r * r)      -- UIKit Newtons, 1/r² beyond `radius`
    return -f * px / r, -f * py / r
  end,
}
return magnet
