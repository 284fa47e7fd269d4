-- Magnetic corners: each item, let go, springs to the corner of the screen nearest where its
-- fling would carry it, keeping the fling's velocity (a dyn.release per item, made on the first
-- frame, which also takes each item to its nearest corner).
-- dyn.use("magneticCorners"){ items = {...}, screen = {375, 667}, inset = 16, response = 0.45 }
-- State on self: `releases` (one per item), `arrivals` (how many times an item settled) and
-- `corner` (the last corner reached: 1 top left, 2 top right, 3 bottom left, 4 bottom right).
local dyn = require "dynamics"

---@type dynamics.PluginDefinition
local magneticCorners = {
  params = { screen = {375, 667}, inset = 16, response = 0.45, dampingFraction = 0.8 },
  action = function(self)
    if not self.releases then
      self.releases, self.arrivals = {}, 0
      for i, item in ipairs(self.items) do
        local s, x, y = self.screen, self.inset + item.size.width / 2, self.inset + item.size.height / 2
        local corners = { {x, y}, {s.x - x, y}, {x, s.y - y}, {s.x - x, s.y - y} }
        self.releases[i] = dyn.release{ item = item, targets = corners, onSettled = function(t)
          self.arrivals = self.arrivals + 1
          self.corner = select(2, dyn.gesture.nearest(t, corners))
        end }
        self:addChild(self.releases[i])
        self.releases[i]:release{0, 0}
      end
    end
    local feel = self.response .. "/" .. self.dampingFraction
    if self.feel ~= feel then                    -- first frame, or the sliders moved
      self.feel = feel
      local spring = dyn.spring{ response = self.response, dampingFraction = self.dampingFraction }
      for _, r in ipairs(self.releases) do r.spring = spring end
    end
  end,
}
return magneticCorners
