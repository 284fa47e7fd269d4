-- Magnetic corners: each item, let go, springs to the corner of the screen nearest where its
-- fling would have carried it (a dyn.release per item, made on the first frame), keeping the
-- fling's velocity; it starts in its nearest corner.
-- dyn.use("magneticCorners"){ items = {...}, screen = {375, 667}, inset = 16, response = 0.45 }
-- State on self: `releases` (one per item), `arrivals` (how many times an item settled) and
-- `corner` (the index 1…4 of the last corner reached: top left, top right, bottom left, right).
local dyn = require "dynamics"

local function corners(self, item)
  local s, size = self.screen, item.size
  local dx, dy = self.inset + size.width / 2, self.inset + size.height / 2
  return { {dx, dy}, {s.x - dx, dy}, {dx, s.y - dy}, {s.x - dx, s.y - dy} }
end

return {
  name = "magneticCorners",
  params = { screen = {375, 667}, inset = 16, response = 0.45, dampingFraction = 0.8 },
  action = function(self)
    if not self.releases then
      self.releases, self.arrivals = {}, 0
      for i, item in ipairs(self.items) do
        local targets = corners(self, item)
        local r = dyn.release{ item = item, targets = targets, onSettled = function(t)
          self.arrivals = self.arrivals + 1
          self.corner = select(2, dyn.gesture.nearest(t, targets))
        end }
        self:addChild(r)
        self.releases[i] = r
        r:release{0, 0}
      end
    end
    if self.tuned ~= self.response .. "/" .. self.dampingFraction then   -- the sliders moved
      self.tuned = self.response .. "/" .. self.dampingFraction
      local s = dyn.spring{ response = self.response, dampingFraction = self.dampingFraction }
      for _, r in ipairs(self.releases) do r.spring = s end
    end
  end,
}
