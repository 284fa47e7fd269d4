-- The API at its edges: properties read back and written, write-only properties, limits and
-- alternatives refused, and messages that say what is wrong in the words scripts use. Each
-- case names the behaviour it guards.
local dyn = require "dynamics"

-- DESIGN §5: "every property is readable and writable afterwards"; a custom field's
-- `evaluate` was neither ("field has no property or method 'evaluate'").
test("a custom field's evaluate reads back and can be replaced, with the constructor's checks", function()
  local a = dyn.animator{}
  local b = dyn.item{ center = {0, 0}, size = {100, 100} }
  local right = function() return 1, 0 end
  local f = dyn.field.custom{ items = {b}, evaluate = right }
  expect(f.evaluate):toBe(right)
  a:addBehavior(f)
  a:addBehavior(dyn.itemBehavior{ items = {b}, resistance = 0 })
  a:run{ seconds = 0.5 }
  expect(b.velocity.x):toBeCloseTo(50, 1)
  local down = function() return 0, 1 end
  f.evaluate = down
  expect(f.evaluate):toBe(down)
  a:run{ seconds = 0.5 }
  expect(b.velocity.x):toBeCloseTo(50, 1)
  expect(b.velocity.y):toBeCloseTo(50, 1)
  expect(function() f.evaluate = 42 end):toFail("field.custom.evaluate: expected a function, got number")
  expect(function() f.evaluate = nil end):toFail("field.custom.evaluate: expected a function, got nil")
  expect(f.evaluate):toBe(down)
  -- Other kinds have no evaluate.
  expect(function() return dyn.field.drag{}.evaluate end):toFail("field has no property or method 'evaluate'")
end)

-- Reading a write-only property said "collision has no property or method 'insets' — did
-- you mean 'insets'?". Any property an object lists but does not read back says so.
test("reading a write-only property says it is write-only", function()
  local c = dyn.collision{}
  c.insets = {1, 2, 3, 4}
  expect(function() return c.insets end):toFail("^[^\n]*: collision%.insets is write%-only$")
  expect(function() return c.insetz end):toFail("collision has no property or method 'insetz' — did you mean 'insets'%?")
end)

-- Insets of ±1e9 put the bounds' boundary far past the ±1e7 coordinate limit, and insets
-- larger than the bounds turned the rectangle inside out; both were taken silently.
test("collision insets: within the coordinate limit, and leaving room in the bounds", function()
  local a = dyn.animator{ bounds = {0, 0, 400, 400} }
  local c = dyn.collision{ boundsAsBoundary = true }
  expect(function() c.insets = {1e9, 0, 0, 0} end):toFail("collision%.insets: each inset must be finite and within ±10000000")
  expect(function() dyn.collision{ insets = {0, -2e7, 0, 0} } end):toFail("collision%.insets: each inset")
  c.insets = {300, 0, 300, 0}          -- not in an animator yet: checked when it joins one
  expect(function() a:addBehavior(c) end):toFail("collision%.insets: insets {300.0, 0.0, 300.0, 0.0} leave no room in the bounds 400.0 × 400.0")
  expect(#a:behaviors()):toBe(0)
  c.insets = {10, 10, 10, 10}
  a:addBehavior(c)
  expect(function() c.insets = {200, 0, 200, 0} end):toFail("collision%.insets: .*leave no room")   -- zero height
  expect(function() c.insets = {0, 250, 0, 250} end):toFail("collision%.insets: .*leave no room")   -- negative width
  c.insets = {-100, -100, -100, -100}  -- outward is fine
  -- A composite's child is checked when the composite, or the child, joins.
  local inner = dyn.collision{ insets = {0, 0, 500, 0} }
  local b = dyn.animator{ bounds = {0, 0, 400, 400} }
  expect(function() b:addBehavior(dyn.behavior{ children = {inner} }) end):toFail("collision%.insets: .*leave no room")
  local root = dyn.behavior{}
  b:addBehavior(root)
  expect(function() root:addChild(dyn.collision{ insets = {0, 0, 500, 0} }) end):toFail("collision%.insets: .*leave no room")
end)

-- Errors found by the model's setters named its Swift properties (SnapBehavior.snapPoint for
-- snap.point, AttachmentBehavior.attachmentRange for attachment.range); one table maps them.
test("model errors name properties as scripts spell them", function()
  local x = dyn.item{ center = {0, 0}, size = {10, 10} }
  local y = dyn.item{ center = {50, 0}, size = {10, 10} }
  local function fails(f, message) expect(f):toFail("^[^\n]*:%d+: " .. message) end
  fails(function() dyn.snap{ item = x }.point = {1e300, 0} end, "snap%.point: must be finite")
  fails(function() dyn.attachment{ item = x, to = y, type = "pin", anchor = {0, 0}, range = {-1e300, 1} } end, "attachment%.range: ")
  fails(function() dyn.gravity{ direction = {1e300, 0} } end, "gravity%.direction: ")
  fails(function() dyn.gravity{ magnitude = 1e300 } end, "gravity%.magnitude: ")
  fails(function() dyn.attachment{ item = x, to = x } end, "attachment%.to: attaches an item to itself")
  fails(function() local c = dyn.behavior{}; c:addChild(c) end, "behavior%.children: cannot add behavior as a child of itself")
  fails(function() dyn.push{ direction = {1e300, 0} } end, "push%.direction: ")
end)

-- boundsAsBoundary on an animator made without bounds did nothing: items fell forever.
test("boundsAsBoundary needs an animator with bounds", function()
  local a = dyn.animator{}
  local box = dyn.item{ center = {0, 0}, size = {10, 10} }
  local c = dyn.collision{ items = {box}, boundsAsBoundary = true }
  expect(function() a:addBehavior(c) end):toFail("collision%.boundsAsBoundary: the animator has no bounds .*dyn%.animator{ bounds = ")
  expect(#a:behaviors()):toBe(0)
  local root = dyn.behavior{}
  a:addBehavior(root)
  expect(function() root:addChild(c) end):toFail("collision%.boundsAsBoundary: the animator has no bounds")
  expect(function() a:addBehavior(dyn.behavior{ children = {dyn.collision{ boundsAsBoundary = true }} }) end)
    :toFail("collision%.boundsAsBoundary")
  c.boundsAsBoundary = false
  a:addBehavior(c)                                   -- items against items: fine
  expect(function() c.boundsAsBoundary = true end):toFail("collision%.boundsAsBoundary: the animator has no bounds")
  expect(function() c.insets = {0, 0, 0, 0} end):toFail("collision%.insets: the animator has no bounds")
  expect(c.boundsAsBoundary):toBe(false)
  -- With bounds, all of it works.
  local b = dyn.animator{ bounds = {0, 0, 100, 100} }
  local c2 = dyn.collision{ boundsAsBoundary = true }
  b:addBehavior(c2)
  c2.boundsAsBoundary = true
end)

-- Misspelled constructors gave a bare "attempt to call a nil value (field 'gravity')".
test("a missing member of dynamics, dynamics.field or dynamics.region is a clear error", function()
  expect(function() return dyn.attach{} end)
    :toFail("dynamics has no member 'attach' — did you mean 'attachment'%? %(members: animator, attachment,")
  expect(function() return dyn.field.gravity{} end):toFail("dynamics%.field has no member 'gravity' %(members: custom, drag,")
  expect(function() return dyn.field.linearGravityField{} end):toFail("did you mean 'linearGravity'%?")
  expect(function() return dyn.region.rectangle(1, 2) end):toFail("dynamics%.region has no member 'rectangle' — did you mean 'rect'%?")
  expect(dyn[1]):toBe(nil)                       -- a non-string key reads as nil
  expect(rawget(dyn, "attach")):toBe(nil)
  expect(getmetatable(dyn)):toBe("locked")
  expect(dyn.region.infinite ~= nil):toBe(true)
end)

-- Gaps a new user and an attack pass reported.
test("direction and angle are alternatives: both at once is an error", function()
  expect(function() dyn.gravity{ direction = {0, 1}, angle = 0 } end):toFail("gravity%.angle: give direction or angle, not both")
  expect(function() dyn.push{ direction = {0, 1}, angle = 0 } end):toFail("push%.angle: give direction or angle, not both")
  expect(dyn.gravity{ angle = 0, magnitude = 2 }.direction.x):toBeCloseTo(2, 1e-12)
  local g = dyn.gravity{ direction = {0, 1} }
  g.angle = 0                                   -- afterwards each setter changes the one vector
  expect(g.direction.x):toBeCloseTo(1, 1e-12)
end)

test("push:setTargetOffset refuses an item not in the push and an offset past the length limit", function()
  local i1 = dyn.item{ center = {0, 0}, size = {10, 10} }
  local i3 = dyn.item{ center = {0, 0}, size = {10, 10} }
  local p = dyn.push{ items = {i1} }
  expect(function() p:setTargetOffset(i3, {1, 1}) end):toFail("setTargetOffset: the item is not in this behavior")
  expect(function() p:setTargetOffset(i1, {1e9, 1e9}) end):toFail("push%.setTargetOffset: must be a finite number within ±1000000")
  p:setTargetOffset(i1, {5, 0})
end)

test("animator bounds: a negative width or height is refused like a zero one", function()
  expect(function() dyn.animator{ bounds = {0, 0, -320, 568} } end):toFail("animator%.bounds: width and height must be > 0, got %-320")
  expect(function() dyn.animator{ bounds = {0, 0, 320, -1} } end):toFail("animator%.bounds: width and height must be > 0")
  expect(function() dyn.animator{ bounds = {0, 0, 0, 568} } end):toFail("animator%.bounds: width and height must be > 0")
end)

-- tostring named Swift types: `region: rectangle(size: Foundation.CGSize(…))`,
-- `behavior: DynamicsLua.LuaCompositeBehavior`, `behavior: Dynamics.GravityBehavior`.
test("tostring shows Lua names", function()
  expect(tostring(dyn.region.rect(40, 40))):toBe("region: rect(40, 40)")
  expect(tostring(dyn.region.circle(10):union(dyn.region.rect(3, 4.5)):inverse())):toBe("region: inverse(union(circle(10), rect(3, 4.5)))")
  expect(tostring(dyn.region.infinite)):toBe("region: infinite")
  expect(tostring(dyn.gravity{})):toBe("behavior: gravity")
  expect(tostring(dyn.behavior{})):toBe("behavior: composite")
  expect(tostring(dyn.field.drag{})):toBe("behavior: field.drag")
  expect(tostring(dyn.field.custom{ evaluate = function() return 0, 0 end })):toBe("behavior: field.custom")
  expect(tostring(dyn.use("breeze"){})):toBe("behavior: breeze")
  expect(tostring(dyn.animator{ bounds = {0, 0, 320, 568} })):toBe("animator: bounds {0, 0, 320, 568}")
  expect(tostring(dyn.animator{})):toBe("animator: no bounds")
  -- An unnamed item said "DynamicView".
  expect(tostring(dyn.item{ size = {1, 1} })):toBe("item: (unnamed) at (0, 0) size 1×1")
  expect(tostring(dyn.item{ size = {2.5, 1}, center = {3, 4}, name = "box" })):toBe('item: "box" at (3, 4) size 2.5×1')
  local r = dyn.region.circle(1)
  for _ = 1, 8 do r = r:union(r) end
  expect(#tostring(r) < 300):toBe(true)            -- a deep union is cut short
end)

-- A custom field's two argument tables are refilled in place between calls (their "x"/"y"
-- slots written directly while the tables keep their shape). A script that reshapes them
-- (new keys and a rehash, x removed, a string stored, a metatable, more keys than the direct
-- path looks through) must still see each item's own numbers on every call.
test("a custom field sees each item's position and velocity even when it reshapes its tables", function()
  local a = dyn.animator{}
  local items = {}
  for i = 1, 40 do items[i] = dyn.item{ size = {1, 1}, center = {i * 10, i * 20} } end
  local seen, calls = {}, 0
  local f = dyn.field.custom{ items = items, evaluate = function(p, v)
    calls = calls + 1
    seen[#seen + 1] = p.x .. "," .. p.y .. "," .. v.x .. "," .. v.y
    if calls % 3 == 0 then p["k" .. calls % 12] = calls end
    if calls % 5 == 0 then p.x = nil; v.y = "s" end
    if calls % 7 == 0 then setmetatable(v, { __index = function() return 99 end }) end
    if calls % 11 == 0 then for k in pairs(p) do p[k] = nil end; collectgarbage() end
    if calls == 90 then for j = 1, 100 do v["g" .. j] = j end end
    return 0, 0
  end }
  a:addBehavior(f)
  for i, b in ipairs(items) do b.velocity = {i, -2 * i} end
  for step = 1, 4 do
    local expected = {}
    for _, b in ipairs(items) do
      local key = b.center.x .. "," .. b.center.y .. "," .. b.velocity.x .. "," .. b.velocity.y
      expected[key] = (expected[key] or 0) + 1
    end
    seen = {}
    a:step()                                       -- two evaluations: check the first
    expect(#seen):toBe(80)
    for n = 1, 40 do
      local key = seen[n]
      expect(expected[key] ~= nil and expected[key] > 0):toBe(true)
      expected[key] = expected[key] - 1
    end
  end
  expect(calls):toBe(320)
end)
