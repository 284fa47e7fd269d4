-- expect: ok "NO ARGS OK"
-- Every host function called with no arguments, with one nil, and with nils past the end
-- (the binding must check the stack top before reading an argument).
local dyn = require "dynamics"
local a = dyn.animator(nil)
local box = dyn.item{ size = {10, 10} }
local g = dyn.gravity{ items = {box} }
local fns = {
  dyn.animator, dyn.item, dyn.gravity, dyn.collision, dyn.itemBehavior, dyn.behavior, dyn.attachment,
  dyn.snap, dyn.push, dyn.use, dyn.region.circle, dyn.region.rect, dyn.field.drag, dyn.field.custom,
  a.step, a.addBehavior, a.removeBehavior, a.itemsIn, a.run, a.behaviors, a.removeAllBehaviors,
  box.applyForce, box.applyTorque, g.addItem, g.removeItem, g.addChild,
}
for _, f in ipairs(fns) do
  pcall(f)
  pcall(f, nil)
  pcall(f, nil, nil, nil)
  print(pcall(f, nil))
end
print("NO ARGS OK")
return a
