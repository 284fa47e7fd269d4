-- The physics matchers over run records, each passing and failing: a failure says when and
-- where (its message is checked through toFail), `.never` negates, a label names the value,
-- and a misused matcher is an error at the test's line.
local dyn = require "dynamics"

local screen = {0, 0, 375, 667}

-- A box falling onto the floor of the screen.
local function falling()
  local a = dyn.animator{ bounds = screen }
  local box = dyn.item{ center = {100, 100}, size = {50, 50}, name = "box" }
  a:addBehavior(dyn.gravity{ items = {box} })
  a:addBehavior(dyn.collision{ items = {box}, boundsAsBoundary = true })
  return a, box
end

-- A card snapped from {100, 100} to {200, 300} (damping 0.1 swings past it, 1 does not).
local function snapping(damping)
  local a = dyn.animator{ bounds = screen }
  local card = dyn.item{ center = {100, 100}, size = {60, 90}, name = "card" }
  a:addBehavior(dyn.snap{ item = card, point = {200, 300}, damping = damping })
  return a, card
end

-- A card flung to the right at 2000 pt/s, with nothing to stop it.
local function flung()
  local a = dyn.animator{ bounds = screen }
  local card = dyn.item{ center = {187.5, 333.5}, size = {100, 150}, name = "card" }
  local props = dyn.itemBehavior{ items = {card} }
  a:addBehavior(props)
  a:step(0)
  props:addLinearVelocity(card, {2000, 0})
  return a, card
end

test("toComeToRest: the animator paused for good by `within`", function()
  local run = falling():run{ seconds = 4, record = true }
  expect(run):toComeToRest()
  expect(run):toComeToRest{ within = 4 }
  expect(run).never:toComeToRest{ within = 0.5 }
  expect(function() expect(run):toComeToRest{ within = 0.5 } end):toFail(
    "^[^:]+:%d+: expected the animator to come to rest within 0%.5 s; it came to rest only at t = %d%.%d%d%d s; " ..
    "at t = 0%.500 s the fastest item, 'box', moved at %d+%.%d pt/s at %(100%.0, %d+%.%d%)$")
  expect(function() expect(run).never:toComeToRest() end)
    :toFail(": expected the animator not to come to rest; it came to rest at t = %d%.%d%d%d s$")
  local moving = falling():run{ seconds = 0.5, record = true }
  expect(moving).never:toComeToRest()
  expect(function() expect(moving, "sheet"):toComeToRest() end):toFail(
    ": sheet: expected the animator to come to rest; it was still running at the end of the run %(t = 0%.500 s%): " ..
    "the fastest item, 'box', moved at %d+%.%d pt/s at %(100%.0, %d+%.%d%)$")
  -- A timer keeps an animator without items running.
  local empty = dyn.animator{}
  empty:after(1, function() end)
  expect(function() expect(empty:run{ seconds = 0.5, record = true }):toComeToRest() end)
    :toFail("it has no items %(timers, tasks or gestures kept it running%)$")
end)

test("toSettleAt: within the tolerance of the point from some frame to the end", function()
  local run = snapping(1):run{ seconds = 3, record = true }
  local card = run:item("card")
  expect(card):toSettleAt({200, 300}, 0.5)
  expect(card):toSettleAt({200, 300}, 0.5, { within = 2 })
  expect(card).never:toSettleAt({200, 300}, 0.5, { within = 0.1 })
  expect(card).never:toSettleAt({220, 300}, 0.5)
  expect(function() expect(card):toSettleAt({200, 300}, 0.5, { within = 0.1 }) end):toFail(
    ": expected 'card' to settle at {200, 300} ± 0%.5 within 0%.1 s; it settled only at t = %d%.%d%d%d s; " ..
    "at t = %d%.%d%d%d s it was at %(%d+%.%d, %d+%.%d%), 0%.%d%d pt away$")
  expect(function() expect(card):toSettleAt({220, 300}, 0.5) end):toFail(
    ": expected 'card' to settle at {220, 300} ± 0%.5; at the end %(t = 0%.%d%d%d s%) it was at %(200%.0, 300%.0%), 20%.00 pt away$")
  expect(function() expect(card).never:toSettleAt({200, 300}, 0.5) end):toFail(
    ": expected 'card' not to settle at {200, 300} ± 0%.5; it stayed within from t = %d%.%d%d%d s %(at %(%d+%.%d, %d+%.%d%), 0%.%d%d pt away%)$")
  -- A tight tolerance shows the decimals it needs.
  expect(function() expect(card):toSettleAt({200, 300.01}, 0.001) end)
    :toFail("it was at %(200%.0000, 300%.0000%), 0%.0100%d pt away$")
end)

test("toNeverOvershoot: how far past the point along the approach", function()
  local stiff = snapping(1):run{ seconds = 3, record = true }:item("card")
  expect(stiff):toNeverOvershoot({200, 300}, 0.5)
  local loose = snapping(0.1):run{ seconds = 3, record = true }:item("card")
  local past = 0                                                 -- along the approach (100, 200)/|…|
  for _, t in ipairs{ 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8 } do
    local c = loose:at(t).center
    past = math.max(past, ((c.x - 200) * 100 + (c.y - 300) * 200) / math.sqrt(100 ^ 2 + 200 ^ 2))
  end
  expect(past):toBeGreaterThan(3)
  expect(loose).never:toNeverOvershoot({200, 300}, 3)
  expect(function() expect(loose):toNeverOvershoot({200, 300}, 3) end):toFail(
    ": expected 'card' never to overshoot {200, 300} by more than 3 pt; it went %d+%.%d%d pt past it at t = %d%.%d%d%d s, at %(%d+%.%d, %d+%.%d%)$")
  expect(function() expect(stiff).never:toNeverOvershoot({200, 300}, 3) end)
    :toFail(": expected 'card' to overshoot {200, 300} by more than 3 pt; it never passed it$")
  -- Starting on the point, every distance from it counts.
  local still = dyn.animator{}
  local dot = dyn.item{ center = {10, 10}, size = {4, 4}, name = "dot" }
  still:addBehavior(dyn.gravity{ items = {dot} })
  expect(function() expect(still:run{ seconds = 0.2, record = true }:item("dot")):toNeverOvershoot({10, 10}, 1) end)
    :toFail("it went %d+%.%d+ pt past it at t = 0%.200 s, at %(10%.0, %d+%.%d%)$")
end)

test("toStayInside: the item's outline stays in the rectangle (resting on its edge is inside)", function()
  local run = falling():run{ seconds = 3, record = true }
  local box = run:item("box")
  expect(box):toStayInside(screen)                              -- it rests on the floor, 0.5 pt into it
  expect(box).never:toStayInside{0, 0, 375, 300}
  expect(function() expect(box):toStayInside{0, 0, 375, 300} end):toFail(
    ": expected 'box' to stay inside {0, 0, 375, 300}; it left at t = 0%.%d%d%d s at %(100%.0, %d+%.%d%), its bottom at y = 30%d%.%d$")
  expect(function() expect(box):toStayInside{80, 0, 375, 667} end)
    :toFail(": expected 'box' to stay inside {80, 0, 375, 667}; it left at t = 0%.000 s at %(100%.0, 100%.0%), its left side at x = 75%.0$")
  expect(function() expect(box).never:toStayInside(screen) end)
    :toFail(": expected 'box' to leave {0, 0, 375, 667}; it stayed inside to the end %(t = %d%.%d%d%d s%)$")
end)

test("toLeave: the outline comes wholly out of the rectangle, by `within`", function()
  local run = flung():run{ seconds = 0.5, record = true }
  local card = run:item("card")
  expect(card):toLeave(screen)
  expect(card):toLeave(screen, { within = 0.2 })                -- 187.5 + 50 pt to go at 2000 pt/s: 0.12 s
  expect(card).never:toLeave(screen, { within = 0.05 })
  expect(function() expect(card):toLeave(screen, { within = 0.05 }) end):toFail(
    ": expected 'card' to leave {0, 0, 375, 667} within 0%.05 s; it left only at t = 0%.1%d%d s; at t = 0%.050 s it was at %(28%d%.%d, 333%.5%)$")
  expect(function() expect(card).never:toLeave(screen) end)
    :toFail(": expected 'card' not to leave {0, 0, 375, 667}; it left at t = 0%.1%d%d s at %(4%d%d%.%d, 333%.5%)$")
  local box = falling():run{ seconds = 1, record = true }:item("box")
  expect(box).never:toLeave(screen)
  expect(function() expect(box):toLeave(screen) end)
    :toFail(": expected 'box' to leave {0, 0, 375, 667}; it still overlapped it at the end %(t = 1%.000 s%) at %(100%.0, %d+%.%d%)$")
end)

test("toEndNear: the last frame's center within the tolerance", function()
  local card = snapping(1):run{ seconds = 3, record = true }:item("card")
  expect(card):toEndNear({200, 300}, 0.5)
  expect(card).never:toEndNear({200, 310}, 0.5)
  expect(function() expect(card):toEndNear({200, 310}, 0.5) end)
    :toFail(": expected 'card' to end within 0%.5 pt of {200, 310}; it ended at %(200%.0, 300%.0%) at t = 0%.%d%d%d s, 10%.00 pt away$")
  expect(function() expect(card, "the card").never:toEndNear({200, 300}, 0.5) end)
    :toFail(": the card: expected 'card' not to end within 0%.5 pt of {200, 300}; it ended at %(200%.0, 300%.0%) at t = 0%.%d%d%d s, 0%.00 pt away$")
end)

test("toOverlap: the outlines interpenetrate by more than 0.5 pt at some frame", function()
  -- Two items passing through each other (no collision behavior), and two kept apart.
  local a = dyn.animator{}
  local left = dyn.item{ center = {0, 0}, size = {20, 20}, name = "left" }
  local right = dyn.item{ center = {100, 0}, size = {20, 20}, shape = "ellipse", name = "right" }
  local props = dyn.itemBehavior{ items = {left, right} }
  a:addBehavior(props)
  a:step(0)
  props:addLinearVelocity(left, {100, 0})
  props:addLinearVelocity(right, {-100, 0})
  local run = a:run{ seconds = 1, record = true }
  expect(run:item("left")):toOverlap(run:item("right"))
  expect(function() expect(run:item("left")).never:toOverlap(run:item("right")) end):toFail(
    ": expected 'left' not to overlap 'right'; they overlapped at t = 0%.%d%d%d s, 'left' at %(%d+%.%d, 0%.0%) and 'right' at %(%d+%.%d, 0%.0%), %d%.%d pt deep$")
  local b = dyn.animator{}
  local one = dyn.item{ center = {0, 0}, size = {20, 20}, name = "one" }
  local two = dyn.item{ center = {100, 0}, size = {20, 20}, name = "two" }
  b:addBehavior(dyn.gravity{ items = {one, two} })
  local apart = b:run{ seconds = 0.5, record = true }
  expect(apart:item("one")).never:toOverlap(apart:item("two"))
  expect(function() expect(apart:item("one")):toOverlap(apart:item("two")) end):toFail(
    ": expected 'one' to overlap 'two' %(by more than 0%.5 pt%); 'one' and 'two' never did: closest at t = 0%.000 s, 'one' at %(0%.0, 0%.0%) and 'two' at %(100%.0, 0%.0%), 80%.0 pt apart$")
  -- A pile at rest touches (less than 0.5 pt deep) without overlapping.
  local c = dyn.animator{ bounds = screen }
  local low = dyn.item{ center = {100, 600}, size = {50, 50}, name = "low" }
  local high = dyn.item{ center = {100, 540}, size = {50, 50}, name = "high" }
  c:addBehavior(dyn.gravity{ items = {low, high} })
  c:addBehavior(dyn.collision{ items = {low, high}, boundsAsBoundary = true })
  local pile = c:run{ seconds = 3, record = true }
  expect(pile:item("low")).never:toOverlap(pile:item("high"))
  expect(function() expect(pile:item("low")):toOverlap(pile:item("high")) end):toFail("touching, 0%.%d%d pt deep$")
end)

test("misused matchers are errors at the test's line, labelled, whatever the negation", function()
  local run = snapping(1):run{ seconds = 0.2, record = true }
  local card = run:item("card")
  local other = snapping(1):run{ seconds = 0.2, record = true }:item("card")
  local cases = {
    { function() expect(card):toComeToRest() end, "toComeToRest: expected a run record %(animator:run{ seconds = S, record = true }%), got a track" },
    { function() expect(3):toComeToRest() end, "toComeToRest: expected a run record .*, got number" },
    { function() expect(run):toComeToRest{ within = -1 } end, "toComeToRest%.within: must be ≥ 0, got %-1" },
    { function() expect(run):toComeToRest{ within = 0 / 0 } end, "toComeToRest%.within: must be finite, got NaN" },
    { function() expect(run):toComeToRest{ witin = 1 } end, "toComeToRest: unknown property 'witin' — did you mean 'within'%?" },
    { function() expect(run):toComeToRest(1) end, "toComeToRest: expected a table of properties, got number" },
    { function() expect(run):toComeToRest({}, 2) end, "toComeToRest: takes { within = S }, got 2 arguments" },
    { function() expect(run):toSettleAt({200, 300}, 0.5) end, "toSettleAt: expected an item's track %(run:item%(name%)%), got a record %(take one item's track with run:item%(name%)%)" },
    { function() expect(card):toSettleAt({200, 0 / 0}, 0.5) end, "toSettleAt%(point%): must be finite, got NaN for y" },
    { function() expect(card):toSettleAt("here", 0.5) end, "toSettleAt%(point%): expected a vector {x, y}, got string" },
    { function() expect(card):toSettleAt({200, 300}, 0 / 0) end, "toSettleAt%(point, tolerance%): must be finite, got NaN" },
    { function() expect(card):toSettleAt({200, 300}) end, "toSettleAt%(point, tolerance%): expected a number, got no value" },
    { function() expect(card):toSettleAt({200, 300}, -1) end, "toSettleAt%(point, tolerance%): must be ≥ 0, got %-1" },
    { function() expect(card):toSettleAt({200, 300}, 1, { within = "soon" }) end, "toSettleAt%.within: expected a number, got string" },
    { function() expect(card):toNeverOvershoot({200, 300}, math.huge) end, "toNeverOvershoot%(point, distance%): must be finite, got inf" },
    { function() expect(card):toNeverOvershoot({200, 300}, 1, 2) end, "toNeverOvershoot: takes %(point, distance%), got 3 arguments" },
    { function() expect(card):toStayInside{0, 0, -5, 10} end, "toStayInside%(rect%): width and height must be ≥ 0, got {0, 0, %-5, 10}" },
    { function() expect(card):toStayInside{0, 0, 0 / 0, 10} end, "toStayInside%(rect%): expected a rectangle {x, y, width, height} of finite numbers" },
    { function() expect(card):toStayInside() end, "toStayInside%(rect%): expected a rectangle {x, y, width, height}, got no value" },
    { function() expect(card):toLeave(screen, { within = math.huge }) end, "toLeave%.within: must be finite, got inf" },
    { function() expect(card):toEndNear({200, 300}, "1") end, "toEndNear%(point, tolerance%): expected a number, got string" },
    { function() expect(card):toOverlap(other) end, "toOverlap: 'card' is a track of another run; compare two tracks of one run" },
    { function() expect(card):toOverlap(card) end, "toOverlap: both tracks are 'card'; compare two items" },
    { function() expect(card):toOverlap(run) end, "toOverlap%(otherTrack%): expected an item's track" },
  }
  for i, c in ipairs(cases) do
    -- Located at this file's line (the check's), and the same under .never and with a label.
    expect(c[1], "case " .. i):toFail("^[^:]*matchers_test%.lua:%d+: " .. c[2])
  end
  expect(function() expect(card, "card").never:toSettleAt({200, 300}, 0 / 0) end)
    :toFail("matchers_test%.lua:%d+: card: toSettleAt%(point, tolerance%): must be finite, got NaN$")
  expect(function() expect(card, "card"):toStayInside("screen") end)
    :toFail("matchers_test%.lua:%d+: card: toStayInside%(rect%): expected a rectangle")
end)
