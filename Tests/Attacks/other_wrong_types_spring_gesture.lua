-- expect: ok "SPRING TYPES OK"
-- args: --seconds 1 --lua-budget 1000000000
-- dyn.spring, a spring's properties and method, attachment/snap springs and dyn.gesture.*
-- given every wrong kind of value (handles of other classes, functions, threads, strings where
-- numbers go, nil, booleans, tables), unknown keys and mixed dialects: plain located errors,
-- no trap.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
local s = dyn.spring{ response = 0.5, dampingFraction = 0.8 }
local values = { nil, true, 0, -1, 0 / 0, "12", "", {}, { {} }, { "1", "2" }, print, coroutine.create(print),
                 box, dyn.gravity{ items = {box} }, a, dyn.region.circle(1), s, { x = "1", y = {} }, { s } }
local n = 19  -- the length of `values` (its first entry is nil, so # cannot tell)
local function located(what, ok, err)
  if ok then return end
  assert(tostring(err):find("%.lua:%d+:"), what .. ": error without file:line: " .. tostring(err))
end
local keys = { "frequency", "damping", "response", "dampingFraction", "duration", "bounce", "mass", "stiffness",
               "dampingRatio", "tension", "friction", "bounciness", "speed" }
for i = 1, n do
  local v = values[i]
  located("spring(v)", pcall(dyn.spring, v))
  for _, k in ipairs(keys) do
    located("spring{" .. k .. "}", pcall(dyn.spring, { [k] = v }))
    located("spring{frequency, damping, " .. k .. "}", pcall(dyn.spring, { frequency = 2, damping = 0.5, [k] = v }))
  end
  located("s[v]", pcall(function() return s[v] end))
  located("s[v] = v", pcall(function() s[v or "x"] = v end))
  located("settlingTime(v)", pcall(function() return s:settlingTime(v) end))
  located("settlingTime called on v", pcall(s.settlingTime, v))
  located("s == v", pcall(function() return s == v end))
  located("tostring", pcall(tostring, s))
  located("attachment{spring}", pcall(dyn.attachment, { item = box, anchor = {0, 0}, spring = v }))
  located("snap{spring}", pcall(dyn.snap, { item = box, spring = v }))
  located("snap{frequency}", pcall(dyn.snap, { item = box, frequency = v }))
  local att, sn = dyn.attachment{ item = box, anchor = {0, 0} }, dyn.snap{ item = box }
  located("attachment.spring = v", pcall(function() att.spring = v end))
  located("snap.spring = v", pcall(function() sn.spring = v end))
  located("snap.frequency = v", pcall(function() sn.frequency = v end))
  for j = 1, n do
    local w = values[j]
    located("project", pcall(dyn.gesture.project, v, w))
    located("rubberBand", pcall(dyn.gesture.rubberBand, v, w))
    located("rubberBand(constant)", pcall(dyn.gesture.rubberBand, 1, 100, w))
    located("nearest", pcall(dyn.gesture.nearest, v, w))
    located("nearest(targets)", pcall(dyn.gesture.nearest, {0, 0}, { w }))
  end
end
-- Unknown keys and mixed dialects.
for _, t in ipairs{ { frequncy = 2, damping = 1 }, { frequency = 2, damping = 1, tension = 40 }, { response = 1, bounce = 0 },
                    { [1] = 2, [2] = 3 }, { stiffness = 1 }, { mass = 1 }, { [s] = 1 }, { [true] = 1 }, { ["frequency\0"] = 1, damping = 1 } } do
  local ok, err = pcall(dyn.spring, t)
  assert(not ok, "accepted a bad table")
  located("spring table", ok, err)
end
-- A spring cannot be changed, forged or given another metatable.
assert(getmetatable(s) == "locked")
assert(not pcall(setmetatable, s, {}))
assert(not pcall(rawset, s, "frequency", 1))
assert(type(s) == "userdata" and s.frequency == 2)
-- Many springs: values in Lua's own memory, collected when dropped.
for i = 1, 20000 do local t = dyn.spring{ frequency = 1 + i % 7, damping = 0.5 } end
collectgarbage()
print("SPRING TYPES OK")
return a
