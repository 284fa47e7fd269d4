-- Promises of DESIGN and the docs that an outside check found broken, each with
-- its numbers.
local dyn = require "dynamics"

-- A box resting on the floor of a 400×400 animator, paused.
local function resting()
  local a = dyn.animator{ bounds = {0, 0, 400, 400} }
  local box = dyn.item{ center = {200, 380}, size = {40, 40}, name = "box" }
  a:addBehavior(dyn.gravity{ items = {box} })
  a:addBehavior(dyn.collision{ items = {box}, boundsAsBoundary = true })
  a:run{ seconds = 3 }
  return a, box
end

-- "The animator resumes on any change": a push added to a paused animator was never applied
-- (its items slept, and the paused frame returned before any behavior ran).
test("a push added to a paused animator moves its resting item", function()
  local a, box = resting()
  expect(a.isRunning):toBe(false)
  a:addBehavior(dyn.push{ items = {box}, mode = "instantaneous", direction = {3, 0} })
  a:run{ seconds = 0.5 }
  -- 3 UIKit N·s on a 40×40 box (mass 0.16): 1875 pt/s at once, slowed by friction on the floor.
  expect(box.center.x):toBeGreaterThan(250)
end)

test("a continuous push added to a paused animator moves its resting item", function()
  local a, box = resting()
  a:addBehavior(dyn.push{ items = {box}, mode = "continuous", direction = {1, 0} })
  a:run{ seconds = 0.5 }
  expect(box.center.x):toBeGreaterThan(210)
end)

-- A rope pulls and never pushes: its slack items passing each other got a kick from a
-- lower limit at length 0 (b2 jumped to 218 pt/s as b1 fell through it).
test("a slack rope does not push its items apart when they pass each other", function()
  local a = dyn.animator{}
  local b1 = dyn.item{ center = {200, 100}, size = {40, 40} }
  local b2 = dyn.item{ center = {200, 300}, size = {40, 40} }
  a:addBehavior(dyn.gravity{ items = {b1} })
  a:addBehavior(dyn.itemBehavior{ items = {b1, b2}, resistance = 0 })
  a:addBehavior(dyn.attachment{ item = b1, to = b2, type = "limit", length = 250 })
  a:run{ seconds = 0.8 }   -- b1 passes b2 at about 0.63 s; the rope is slack until about 0.9 s
  expect(b2.velocity.y):toBeCloseTo(0, 1e-6)
  expect(b2.center.y):toBeCloseTo(300, 1e-6)
  expect(b1.velocity.y):toBeCloseTo(800, 10)
end)

-- "Every property is readable and writable afterwards": an item whose behavior was just
-- added joins the world at the next frame, so its velocity could not be set before the first
-- one, and impulses given then were dropped.
test("velocity and impulses of an item take effect before the first frame", function()
  local a = dyn.animator{}
  local b = dyn.item{ size = {100, 100} }       -- mass 1
  local c = dyn.item{ size = {100, 100}, center = {500, 0} }
  a:addBehavior(dyn.itemBehavior{ items = {b, c}, resistance = 0, angularResistance = 0 })
  b.velocity = {100, 0}
  b.angularVelocity = 2
  c:applyImpulse({0.5, 0})                      -- 0.5 UIKit N·s on mass 1: 50 pt/s
  expect(b.velocity.x):toBeCloseTo(100, 1e-9)
  a:run{ seconds = 1 }
  expect(b.center.x):toBeCloseTo(100, 0.5)
  expect(b.angularVelocity):toBeCloseTo(2, 1e-9)
  expect(c.velocity.x):toBeCloseTo(50, 1e-6)
end)

-- Boundaries' elasticity and friction (DESIGN §2, docs/units.md: 0 and 0.2 unless set) can
-- be set from Lua: a ball dropped on a boundary of elasticity 1 bounces back up.
test("a collision behavior's boundary elasticity and friction are set from Lua", function()
  local a = dyn.animator{ bounds = {0, 0, 400, 600} }
  local ball = dyn.item{ center = {200, 100}, size = {40, 40}, shape = "ellipse" }
  local c = dyn.collision{ items = {ball}, boundsAsBoundary = true, boundaryElasticity = 1, boundaryFriction = 0.5 }
  expect(c.boundaryElasticity):toBe(1)
  expect(c.boundaryFriction):toBe(0.5)
  a:addBehavior(dyn.itemBehavior{ items = {ball}, elasticity = 1, resistance = 0 })
  a:addBehavior(dyn.gravity{ items = {ball} })
  a:addBehavior(c)
  local top, rising = 1e9, false
  a:addBehavior(dyn.behavior{ action = function()
    if ball.velocity.y < 0 then rising = true end
    if rising then top = math.min(top, ball.center.y) end
  end })
  a:run{ seconds = 2 }
  expect(rising):toBe(true)
  expect(top):toBeLessThan(150)                  -- back to within 50 pt of its start
  expect(function() c.boundaryElasticity = -1 end):toFail("boundaryElasticity")
end)

-- The documents walked through as a new user would.

-- DESIGN §5's plugin template: `self.direction.x` with a default of {1, 0}, and an empty
-- `field` (it returned nothing: "must return two finite numbers, got nil, nil").
test("a plugin's vector params read as .x/.y and [1]/[2], and assignments are checked", function()
  local breeze = dyn.use("breeze")
  local box = dyn.item{ size = {100, 100} }
  local w = breeze{ items = {box}, direction = {x = 0, y = 1} }
  expect(w.direction[1]):toBe(0)
  expect(w.direction.y):toBe(1)
  w.direction = {1, 0}
  expect(w.direction.x):toBe(1)
  expect(function() w.strength = 0/0 end):toFail("breeze.strength: must be finite")
  expect(function() w.direction = {1} end):toFail("breeze.direction")
end)

test("a custom field that returns nothing exerts no force", function()
  local a = dyn.animator{}
  local box = dyn.item{ size = {100, 100} }
  a:addBehavior(dyn.itemBehavior{ items = {box}, resistance = 0 })
  a:addBehavior(dyn.field.custom{ items = {box}, evaluate = function() end })
  box.velocity = {10, 0}
  a:run{ seconds = 0.5 }
  expect(box.velocity):toBeCloseTo({10, 0}, 1e-9)
end)

-- "Every property is readable and writable afterwards": callbacks read back.
test("callbacks read back as the functions set", function()
  local c = dyn.collision{}
  local f = function() end
  expect(c.onBegan):toBe(nil)
  c.onBegan = f
  expect(c.onBegan):toBe(f)
  local g = function() end
  local b = dyn.behavior{ action = g }
  expect(b.action):toBe(g)
end)

-- units.md: mass = density × true area / 10 000, before an animator too.
test("an item's mass before it is in an animator comes from its shape", function()
  expect(dyn.item{ size = {100, 100}, shape = "ellipse" }.mass):toBeCloseTo(math.pi / 4, 1e-9)
  expect(dyn.item{ size = {100, 100}, shape = { {-50, -50}, {50, -50}, {0, 50} } }.mass):toBeCloseTo(0.5, 1e-9)
  expect(dyn.item{ size = {100, 50} }.mass):toBeCloseTo(0.5, 1e-12)
end)

-- An item added to an active push on a paused animator was never pushed.
test("an item added to an active push on a paused animator is pushed", function()
  local a, box = resting()
  local p = dyn.push{ items = {}, mode = "instantaneous", direction = {3, 0} }
  a:addBehavior(p)
  a:step()
  p:addItem(box)
  a:run{ seconds = 0.5 }
  expect(box.center.x):toBeGreaterThan(250)
end)

-- DESIGN's attachment options read back as properties (they were write-only: reading
-- `a.to` or `a.axis` was an error); the ones fixed at creation refuse assignment.
test("an attachment's creation options read back, and are read-only", function()
  local i1 = dyn.item{ center = {100, 100}, size = {20, 20} }
  local i2 = dyn.item{ center = {200, 100}, size = {20, 20} }
  local spring = dyn.attachment{ item = i1, to = i2, offset = {5, 0}, offsetTo = {0, -5} }
  expect(spring.item == i1):toBe(true)
  expect(spring.to == i2):toBe(true)
  expect(spring.offset):toBeCloseTo({5, 0})
  expect(spring.offsetTo):toBeCloseTo({0, -5})
  expect(spring.axis):toBe(nil)
  expect(spring.type):toBe("spring")
  -- From (105, 100) to (200, 95): hypot(95, 5).
  expect(spring.length):toBeCloseTo(math.sqrt(95 * 95 + 25), 1e-9)
  local slider = dyn.attachment{ item = i1, to = i2, type = "sliding", anchor = {150, 100}, axis = {0, 1} }
  expect(slider.axis):toBeCloseTo({0, 1})
  -- A pin holds each item at its anchor: the offsets are the anchor's from each center.
  local pin = dyn.attachment{ item = i1, to = i2, type = "pin", anchor = {150, 100} }
  expect(pin.offset):toBeCloseTo({50, 0})
  expect(pin.offsetTo):toBeCloseTo({-50, 0})
  local anchored = dyn.attachment{ item = i1, anchor = {100, 0} }
  expect(anchored.to):toBe(nil)
  expect(anchored.offsetTo):toBe(nil)
  for _, key in ipairs{ "item", "to", "offset", "offsetTo", "axis", "type" } do
    local ok, err = pcall(function() spring[key] = spring[key] end)
    expect(ok):toBe(false)
    expect(tostring(err):find("attachment." .. key .. " is read-only", 1, true) ~= nil):toBe(true)
  end
end)

-- A property that means nothing for an attachment's type was accepted and ignored (a pin's
-- `frequency`, a spring's `range`, `anchor` on two joined items): now each is an error that
-- names the types it applies to. Sliding attachments have friction now.
test("attachment properties are refused on types they do not apply to", function()
  local i1 = dyn.item{ center = {100, 100}, size = {20, 20} }
  local i2 = dyn.item{ center = {200, 100}, size = {20, 20} }
  local spring = dyn.attachment{ item = i1, to = i2 }
  local pin = dyn.attachment{ item = i1, to = i2, type = "pin", anchor = {150, 100} }
  local slider = dyn.attachment{ item = i1, anchor = {100, 100}, type = "sliding", axis = {0, 1} }
  expect(function() spring.range = {-1, 1} end):toFail('attachment.range: applies to "pin" and "sliding" attachments, not "spring"')
  expect(function() spring.anchor = {0, 0} end):toFail("attachment.anchor: this spring attachment joins two items")
  expect(function() pin.length = 5 end):toFail('attachment.length: applies to "limit" and "spring" attachments, not "pin"')
  expect(function() pin.frequency = 5 end):toFail('attachment.frequency: applies to "spring" attachments, not "pin"')
  expect(function() spring.frictionTorque = 1 end):toFail('attachment.frictionTorque: applies to "pin" and "sliding" attachments')
  expect(function() dyn.attachment{ item = i1, to = i2, type = "fixed", anchor = {150, 100}, damping = 1 } end)
    :toFail('attachment.damping: applies to "spring" attachments, not "fixed"')
  slider.frictionTorque = 2
  expect(slider.frictionTorque):toBe(2)
  slider.anchor = {110, 100}
  expect(slider.anchor):toBeCloseTo({110, 100})
end)

-- A range could be set but never removed: `nil` and the {-inf, inf} it reads back without
-- one were refused.
test("an attachment's range is removed with nil, and an infinite end is no limit", function()
  local a = dyn.animator{}
  local base = dyn.item{ center = {200, 100}, size = {40, 40} }
  local arm = dyn.item{ center = {260, 100}, size = {100, 10} }
  a:addBehavior(dyn.itemBehavior{ items = {base}, anchored = true })
  local pin = dyn.attachment{ item = arm, to = base, type = "pin", anchor = {220, 100}, range = {-0.1, 0.1} }
  a:addBehavior(pin)
  a:addBehavior(dyn.gravity{ items = {arm} })
  a:run{ seconds = 0.5 }
  expect(arm.angle):toBeLessThan(0.11)
  local free = pin.range
  pin.range = nil
  expect(pin.range[1]):toBe(-math.huge)
  expect(pin.range[2]):toBe(math.huge)
  a:run{ seconds = 0.5 }
  expect(arm.angle):toBeGreaterThan(0.5)
  pin.range = {-math.huge, 0.2}
  expect(pin.range[2]):toBe(0.2)
  pin.range = free
  expect(pin.range[2]):toBe(0.1)
  expect(function() pin.range = {0/0, 1} end):toFail("attachment.range: must be a number")
  expect(function() pin.range = {1, 2} end):toFail("attachment.range: must contain 0")
  expect(function() pin.range = 3 end):toFail("attachment.range: expected {min, max}, got number")
end)

-- README: "a fast item reports `began` in the frame it hits, with the point on the surface it
-- hit". At 20 000 pt/s the box stopped 4.8 pt short of the floor (a block total of -1e-7
-- sent its two points to unequal impulses), so the point was off the floor and the box spun.
test("a fast item's began point is on the floor it hit, and it bounces without spinning", function()
  local a = dyn.animator{ bounds = {0, 0, 320, 568} }
  local b = dyn.item{ center = {160, 100}, size = {20, 20} }
  local c = dyn.collision{ items = {b}, boundsAsBoundary = true }
  local hit
  c.onBegan = function(item, other, p) hit = hit or p end
  a:addBehavior(c)
  a:addBehavior(dyn.itemBehavior{ items = {b}, resistance = 0 })
  b.velocity = {0, 20000}
  a:step(); a:step()
  expect(hit ~= nil):toBe(true)
  expect(hit.y):toBeCloseTo(568, 0.5)
  expect(hit.x):toBeCloseTo(160, 0.5)
  expect(math.abs(b.angle)):toBeLessThan(1e-3)
end)

-- Items join the world at the next frame; a query or a press before the first frame found
-- nothing. They apply the pending changes first, as a frame would.
test("itemsIn and a pointer press find items added before the first frame", function()
  local a = dyn.animator{ bounds = {0, 0, 400, 400} }
  local box = dyn.item{ center = {100, 100}, size = {40, 40} }
  a:addBehavior(dyn.gravity{ items = {box} })
  expect(#a:itemsIn{80, 80, 40, 40}):toBe(1)
  local pressed
  a.onPointer = function(e) if e.phase == "began" then pressed = e.item end end
  a:pointer{ phase = "began", x = 100, y = 100 }
  expect(pressed == box):toBe(true)
end)

-- A numeric boundary identifier came back as a float: addBoundary(7, …) was reported as 7.0.
-- 2 and 2.0 still name one boundary.
test("a numeric boundary identifier comes back as the integer it was", function()
  local a = dyn.animator{ bounds = {0, 0, 400, 400} }
  local box = dyn.item{ center = {200, 100}, size = {20, 20} }
  local c = dyn.collision{ items = {box} }
  c:addBoundary(7, {0, 300}, {400, 300})
  local hit
  c.onBegan = function(item, other) hit = other end
  a:addBehavior(c)
  a:addBehavior(dyn.gravity{ items = {box} })
  a:run{ seconds = 1 }
  expect(math.type(hit)):toBe("integer")
  expect(tostring(hit)):toBe("7")
end)
