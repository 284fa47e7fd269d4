-- expect: ok "TYPES OK"
-- args: --seconds 1 --lua-budget 3000000000
-- (about 20 000 protected host calls; the other classes are in other_wrong_types_methods.lua: host time counts against the budget, so this file
-- gets 30 s; the attack is the wrong types, not the budget)
-- Every constructor, and the methods of the first six classes, given every wrong kind of value (handles of other classes,
-- functions, threads, strings where numbers go, nil, booleans): plain errors, no trap.
local dyn = require "dynamics"
local a = dyn.animator{}
local box = dyn.item{ size = {10, 10} }
local g = dyn.gravity{ items = {box} }
local values = { nil, true, 0, -1, 0 / 0, "12", "", {}, { {} }, { "1", "2" }, print, coroutine.create(print),
                 box, g, a, dyn.region.circle(1), { box, g }, { x = "1", y = {} } }
local count = 0
local ctors = { "animator", "item", "gravity", "collision", "itemBehavior", "behavior", "attachment", "snap", "push", "use" }
for _, name in ipairs(ctors) do
  for i = 1, 18 do pcall(dyn[name], values[i]); count = count + 1 end
end
for _, kind in ipairs{ "drag", "custom", "noise" } do for i = 1, 18 do pcall(dyn.field[kind], values[i]); pcall(dyn.field[kind], { items = values[i] }) end end
local targets = { a, box, g, dyn.collision{ items = {box} }, dyn.attachment{ item = box, anchor = {0, 0} },
                  dyn.push{ items = {box} }, dyn.snap{ item = box, point = {0, 0} }, dyn.itemBehavior{ items = {box} },
                  dyn.behavior{}, dyn.field.drag{ items = {box} }, dyn.region.circle(3) }
local keys = { "center", "angle", "velocity", "angularVelocity", "size", "mass", "name", "items", "children", "direction",
               "magnitude", "mode", "insets", "onBegan", "onEnded", "anchor", "length", "frequency", "damping", "range",
               "type", "point", "active", "elasticity", "density", "region", "strength", "position", "delegate", "action",
               "addBehavior", "removeBehavior", "step", "run", "itemsIn", "addChild", "removeChild", "addItem", "removeItem",
               "addBoundary", "removeBoundary", "setTargetOffset", "addLinearVelocity", "addAngularVelocity",
               "applyForce", "applyImpulse", "applyTorque", "union", "contains", "inverse", 1, true }
for ti = 1, 6 do
  local t = targets[ti]
  for _, k in ipairs(keys) do
    pcall(function() return t[k] end)
    for i = 1, 18 do
      pcall(function() t[k] = values[i] end)
      pcall(function() return t[k](t, values[i], values[i]) end)
      pcall(function() return t[k](values[i]) end)
    end
  end
end
a:addBehavior(g)
a:run{ seconds = 0.1 }
print("TYPES OK")
return a
