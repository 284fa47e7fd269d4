-- Snap: four tiles lie scattered and tilted; one after another, a script snaps each to its
-- place in a row (UIKit's snap behavior: a damped spring to the point that also turns the
-- item upright). Then, as a tap would, the first tile is snapped to a new point.
--
--   dynamics run Examples/snap.lua --svg snap.svg --debug
local dyn = require "dynamics"

local animator = dyn.animator{ bounds = {0, 0, 400, 600} }

local starts = { {70, 480, 0.6}, {320, 520, -0.9}, {200, 400, 2.0}, {350, 300, -0.3} }
local tiles, targets = {}, {}
for i, s in ipairs(starts) do
  tiles[i] = dyn.item{ name = "tile" .. i, center = {s[1], s[2]}, size = {60, 60}, angle = s[3] }
  targets[i] = { x = 65 + (i - 1) * 90, y = 100 }
end

-- The tiles collide with each other and the screen's edges while they fly.
animator:addBehavior(dyn.collision{ items = tiles, boundsAsBoundary = true })

-- The script: at each time, snap the next tile to its point. The last step moves tile 1 on.
-- Each move is a timer; pending timers keep the animator stepping while the tiles rest.
local moves = {
  { time = 0.5, tile = 1, point = targets[1] },
  { time = 1.5, tile = 2, point = targets[2] },
  { time = 2.5, tile = 3, point = targets[3] },
  { time = 3.5, tile = 4, point = targets[4] },
  { time = 5.0, tile = 1, point = { x = 120, y = 350 } },
}
local snaps = {}
for _, move in ipairs(moves) do
  animator:after(move.time, function()
    local snap = snaps[move.tile]
    if snap then
      snap.point = move.point                    -- an existing snap just gets a new point
    else
      snap = dyn.snap{ item = tiles[move.tile], point = move.point, damping = 0.5 }
      snaps[move.tile] = snap
      animator:addBehavior(snap)                 -- takes effect from the next frame
    end
  end)
end

return {
  animator = animator,
  seconds = 7,
  items = { tile1 = tiles[1], tile2 = tiles[2], tile3 = tiles[3], tile4 = tiles[4] },
  tiles = tiles,
  targets = targets,
  moves = moves,
  snaps = snaps,
}
