-- Block Man (iOS Developer Tips' UIKit Dynamics tutorial): a stick figure of eight rectangles
-- and an elliptic head, held together by rigid attachments at its joints, falls under gravity
-- onto the bottom of the screen. Scripted "taps" turn gravity toward the tapped point, seen
-- from the middle of the screen, so the figure tumbles from wall to wall. The head is bouncier
-- than the rest.
--
--   dynamics run Examples/blockman.lua --svg blockman.svg
--
-- The parts collide with the screen's edges only (collision mode "boundaries"): the neck and
-- the hips are joints on an edge two parts share, which cannot bend without the parts
-- overlapping.
local dyn = require "dynamics"

local W, H = 320, 568
local animator = dyn.animator{ bounds = {0, 0, W, H} }

-- The tutorial's frames {x, y, width, height}, as items centered in them.
local function part(name, x, y, w, h, shape)
  return dyn.item{ name = name, center = {x + w / 2, y + h / 2}, size = {w, h}, shape = shape }
end
local head          = part("head",          135, 100, 50, 50, "ellipse")
local torso         = part("torso",         155, 150, 10, 100)
local hips          = part("hips",          140, 250, 40, 10)
local leftLeg       = part("leftLeg",       130, 250, 10, 40)
local rightLeg      = part("rightLeg",      180, 250, 10, 40)
local leftUpperArm  = part("leftUpperArm",  115, 170, 40, 10)
local rightUpperArm = part("rightUpperArm", 165, 170, 40, 10)
local leftLowerArm  = part("leftLowerArm",  105, 170, 10, 40)
local rightLowerArm = part("rightLowerArm", 205, 170, 10, 40)

local parts = { head, torso, hips, leftLeg, rightLeg, leftUpperArm, rightUpperArm, leftLowerArm, rightLowerArm }
local body = { table.unpack(parts, 2) }

local gravity = dyn.gravity{ items = parts }
animator:addBehavior(gravity)
animator:addBehavior(dyn.collision{ items = parts, mode = "boundaries", boundsAsBoundary = true })
local headProps = dyn.itemBehavior{ items = {head}, elasticity = 0.8 }             -- the head bounces
local bodyProps = dyn.itemBehavior{ items = body, elasticity = 0.3, friction = 0.5 }
animator:addBehavior(headProps)
animator:addBehavior(bodyProps)

-- Joints: a point of one part (offset from its center) tied to a point of another. With the
-- default frequency 0 an attachment is a rigid rod whose length is the distance between its two
-- points at the start: 0 at the neck and the hips, 5 pt at the shoulders, about 7 pt at the
-- elbows and legs (the tutorial's frames).
local joints = {}
local function joint(name, a, offsetA, b, offsetB)
  local j = dyn.attachment{ item = a, offset = offsetA, to = b, offsetTo = offsetB }
  animator:addBehavior(j)
  joints[#joints + 1] = { name = name, item = a, offset = offsetA, to = b, offsetTo = offsetB, behavior = j }
end
joint("neck",          head,          {0, 25},   torso,         {0, -50})
joint("hips",          torso,         {0, 50},   hips,          {0, -5})
joint("leftHip",       hips,          {-20, 0},  leftLeg,       {0, -20})
joint("rightHip",      hips,          {20, 0},   rightLeg,      {0, -20})
joint("leftShoulder",  torso,         {0, -25},  leftUpperArm,  {20, 0})
joint("rightShoulder", torso,         {0, -25},  rightUpperArm, {-20, 0})
joint("leftElbow",     leftUpperArm,  {-20, 0},  leftLowerArm,  {0, -20})
joint("rightElbow",    rightUpperArm, {20, 0},   rightLowerArm, {0, -20})

-- Scripted taps: at each time, gravity turns toward the tapped point, seen from the middle of
-- the screen (the tutorial's tap handler). The last one sends the figure to the floor again.
-- Each tap is a timer: pending timers keep the animator stepping while the figure rests.
local taps = {
  { time = 3,  point = {160, 10} },    -- up: the figure falls onto the ceiling
  { time = 5,  point = {10, 284} },    -- left: onto the left wall
  { time = 7,  point = {310, 284} },   -- right: across the screen onto the right wall
  { time = 9,  point = {160, 560} },   -- down: it lands on the floor again
}
local scripted = {}
for _, tap in ipairs(taps) do
  scripted[#scripted + 1] = animator:after(tap.time, function()
    local dx, dy = tap.point[1] - W / 2, tap.point[2] - H / 2
    local length = math.sqrt(dx * dx + dy * dy)
    gravity.direction = { dx / length, dy / length }
  end)
end

-- Served live (`dynamics serve Examples/blockman.lua`), real pointer events replace the script:
-- a tap on the background turns gravity toward it (the tutorial's tap handler); pressing on a
-- part drags the figure by it (the viewer's default drag). Under `run` and `test` no pointer
-- event comes, and the scripted taps above play as before.
local function turnGravityToward(x, y)
  local dx, dy = x - W / 2, y - H / 2
  local length = math.sqrt(dx * dx + dy * dy)
  if length > 0 then gravity.direction = { dx / length, dy / length } end
end
animator.onPointer = function(e)
  for _, timer in ipairs(scripted) do timer:cancel() end   -- a person is here: the script stops
  if e.phase == "began" and e.item == nil then
    turnGravityToward(e.point.x, e.point.y)
    return true
  end
  return false
end

return {
  animator = animator,
  seconds = 14,
  -- The live viewer's sliders.
  params = {
    gravity = { value = 1, min = 0, max = 3, step = 0.05, apply = function(v) gravity.magnitude = v end },
    headBounce = { value = 0.8, min = 0, max = 1, step = 0.05, apply = function(v) headProps.elasticity = v end },
  },
  items = {
    head = head, torso = torso, hips = hips, leftLeg = leftLeg, rightLeg = rightLeg,
    leftUpperArm = leftUpperArm, rightUpperArm = rightUpperArm,
    leftLowerArm = leftLowerArm, rightLowerArm = rightLowerArm,
  },
  parts = parts,
  joints = joints,
  taps = taps,
  gravity = gravity,
  headProps = headProps,
  bodyProps = bodyProps,
  bounds = {0, 0, W, H},
}
