-- Examples/snap.lua: each tile waits for its turn, then ends on its point, upright.
local function distance(p, q) return math.sqrt((p.x - q.x) ^ 2 + (p.y - q.y) ^ 2) end

test("a tile stays where it lies until its turn comes", function()
  local s = loadScene("../snap.lua")
  local before = {}
  for i, t in ipairs(s.tiles) do before[i] = { x = t.center.x, y = t.center.y, angle = t.angle } end
  s.animator:run{ seconds = s.moves[1].time - 0.1 }
  for i, t in ipairs(s.tiles) do
    expect(distance(t.center, before[i])):toBeLessThan(1e-9)
    expect(t.angle):toBeCloseTo(before[i].angle, 1e-9)
  end
  -- the first tile has reached its point before the last one starts to move
  s.animator:run{ seconds = s.moves[4].time - 0.1 - s.animator.elapsedTime }
  expect(distance(s.tiles[1].center, s.targets[1])):toBeLessThan(1)
  expect(distance(s.tiles[4].center, before[4])):toBeLessThan(1e-9)
end)

test("every tile ends on its point, upright", function()
  local s = loadScene("../snap.lua")
  s.animator:run{ seconds = s.moves[5].time - 0.05 }
  for i, t in ipairs(s.tiles) do
    expect(distance(t.center, s.targets[i])):toBeLessThan(0.5)
    expect(math.abs(t.angle)):toBeLessThan(0.01)
  end
end)

test("the last move snaps the first tile to its new point; the others stay put", function()
  local s = loadScene("../snap.lua")
  s.animator:run{ seconds = s.seconds }
  expect(distance(s.tiles[1].center, s.moves[5].point)):toBeLessThan(0.5)
  expect(math.abs(s.tiles[1].angle)):toBeLessThan(0.01)
  for i = 2, #s.tiles do expect(distance(s.tiles[i].center, s.targets[i])):toBeLessThan(0.5) end
  expect(s.snaps[1].point.x):toBe(120)
end)
