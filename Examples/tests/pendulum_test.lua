-- Examples/pendulum.lua: the rods keep their length and the periods follow 2π·√(L/g).
local dyn = require "dynamics"

-- Times at which each bob swings through the vertical below its anchor, left to right.
local function crossings(s)
  local times, previous = { short = {}, long = {} }, {}
  s.animator:addBehavior(dyn.behavior{ action = function()
    for name, bob in pairs(s.items) do
      local x = bob.center.x - s.rods[name].anchor.x
      if previous[name] and previous[name] < 0 and x >= 0 then
        -- interpolate inside the frame
        local t = s.animator.elapsedTime - (x / (x - previous[name])) * (1 / 60)
        table.insert(times[name], t)
      end
      previous[name] = x
    end
  end })
  return times
end

test("each pendulum's period is 2π·√(L/g) within 2 %", function()
  local s = loadScene("../pendulum.lua")
  local times = crossings(s)
  s.animator:run{ seconds = s.seconds }
  for name, L in pairs(s.lengths) do
    local expected = 2 * math.pi * math.sqrt(L / s.gravity)
    local t = times[name]
    expect(#t):toBeGreaterThan(1)
    for i = 2, #t do
      expect(t[i] - t[i - 1]):toBeCloseTo(expected, 0.02 * expected)
    end
  end
end)

test("the long pendulum swings twice as slowly as the short one", function()
  local s = loadScene("../pendulum.lua")
  local times = crossings(s)
  s.animator:run{ seconds = s.seconds }
  local ts, tl = times.short, times.long
  local periodShort = (ts[#ts] - ts[1]) / (#ts - 1)
  local periodLong = (tl[#tl] - tl[1]) / (#tl - 1)
  expect(periodLong / periodShort):toBeCloseTo(2, 0.04)
end)

test("the rods stay rigid and the swing keeps its amplitude", function()
  local s = loadScene("../pendulum.lua")
  local worstStretch, widest = 0, { short = 0, long = 0 }
  s.animator:addBehavior(dyn.behavior{ action = function()
    for name, bob in pairs(s.items) do
      local a = s.rods[name].anchor
      local dx, dy = bob.center.x - a.x, bob.center.y - a.y
      worstStretch = math.max(worstStretch, math.abs(math.sqrt(dx * dx + dy * dy) - s.lengths[name]))
      if s.animator.elapsedTime > s.seconds - 6 then widest[name] = math.max(widest[name], math.abs(math.atan(dx, dy))) end
    end
  end })
  s.animator:run{ seconds = s.seconds }
  expect(worstStretch):toBeLessThan(0.5)                                    -- pt
  for name in pairs(s.items) do
    expect(widest[name]):toBeCloseTo(s.amplitude, 0.05 * s.amplitude)      -- resistance 0: no decay beyond 5 %
  end
end)
