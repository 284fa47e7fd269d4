-- Golden runs: expect(run):toMatchGolden(name) against __goldens__/NAME.json beside this file
-- (written by `dynamics test --update-goldens`). Missing goldens, mismatches, broken golden
-- files, a name checked twice and the update itself are checked from Swift
-- (Tests/CLITests/GoldenCommandTests.swift) in folders of their own: nothing here writes a
-- file, also under --update-goldens.
local dyn = require "dynamics"

-- A box and a ball dropped onto the floor of a 375 × 667 screen; the ball bounces.
local function drop()
  local a = dyn.animator{ bounds = {0, 0, 375, 667} }
  local box = dyn.item{ center = {100, 100}, size = {50, 50}, name = "box" }
  local ball = dyn.item{ center = {250, 200}, size = {40, 40}, shape = "ellipse", name = "ball" }
  a:addBehavior(dyn.gravity{ items = {box, ball} })
  a:addBehavior(dyn.collision{ items = {box, ball}, boundsAsBoundary = true })
  a:addBehavior(dyn.itemBehavior{ items = {ball}, elasticity = 0.6 })
  return a, box, ball
end

test("a run matches its golden, whole or by some items, and .never says it matches", function()
  local run = drop():run{ seconds = 2, record = true }
  expect(run):toMatchGolden("drop", { tolerance = 0.5 })
  expect(run):toMatchGolden("drop_ball", { tolerance = 0.25, stride = 4, items = {"ball"} })
  expect(function() expect(run).never:toMatchGolden("drop", { tolerance = 0.5 }) end)
    :toFail("goldens_test%.lua:%d+: expected this run to differ from the golden 'drop' %(.*__goldens__/drop%.json%); it matches within 0%.5 pt$")
end)

test("names are plain file names in __goldens__; options are checked", function()
  local a, box = drop()
  local run = a:run{ seconds = 0.1, record = true }
  local other = dyn.item{ center = {0, 0}, size = {5, 5}, name = "other" }
  local cases = {
    { function() expect(run):toMatchGolden("../escape") end, "toMatchGolden%(name%): a golden's name is a file name in __goldens__, without '/' %(got \"%.%./escape\"%)" },
    { function() expect(run):toMatchGolden("a\\b") end, "toMatchGolden%(name%): a golden's name is a file name in __goldens__, without '\\' %(got \"a\\\\b\"%)" },
    { function() expect(run):toMatchGolden("..") end, "toMatchGolden%(name%): a golden's name may not start with '%.' or hold '%.%.' %(got \"%.%.\"%)" },
    { function() expect(run):toMatchGolden(".hidden") end, "toMatchGolden%(name%): a golden's name may not start with '%.'" },
    { function() expect(run):toMatchGolden("tab\there") end, "toMatchGolden%(name%): a golden's name may not hold control characters %(U%+0009 in \"tab\\there\"%)" },
    { function() expect(run):toMatchGolden("nul\0byte") end, "toMatchGolden%(name%): a golden's name may not hold control characters %(U%+0000" },
    { function() expect(run):toMatchGolden("right\u{202E}gpj.txt") end, "toMatchGolden%(name%): a golden's name may not hold control characters %(U%+202E in " },
    { function() expect(run):toMatchGolden("") end, "toMatchGolden%(name%): the name is empty" },
    { function() expect(run):toMatchGolden(string.rep("g", 101)) end, "toMatchGolden%(name%): at most 100 bytes, got 101" },
    { function() expect(run):toMatchGolden(7) end, "toMatchGolden%(name%): expected the golden's name %(a string%), got number" },
    { function() expect(run:item("box")):toMatchGolden("x") end, "toMatchGolden: expected a run record .*, got a track" },
    { function() expect(run):toMatchGolden("x", { tolerance = 0 / 0 }) end, "toMatchGolden%.tolerance: must be finite, got NaN" },
    { function() expect(run):toMatchGolden("x", { tolerance = 0 }) end, "toMatchGolden%.tolerance: must be at least 0%.0001 pt, got 0" },
    { function() expect(run):toMatchGolden("x", { stride = 1.5 }) end, "toMatchGolden%.stride: must be a whole number of frames in 1…1000000, got 1%.5" },
    { function() expect(run):toMatchGolden("x", { stride = 0 }) end, "toMatchGolden%.stride: must be a whole number" },
    { function() expect(run):toMatchGolden("x", { tolerence = 1 }) end, "toMatchGolden: unknown property 'tolerence' — did you mean 'tolerance'%?" },
    { function() expect(run):toMatchGolden("x", { items = {"bx"} }) end, "toMatchGolden%.items%[1%]: no item named 'bx' in this record — did you mean 'box'%? %(items: 'box', 'ball'%)" },
    { function() expect(run):toMatchGolden("x", { items = {other} }) end, "toMatchGolden%.items%[1%]: \"other\" at %(0, 0%) size 5×5 is not in this record" },
    { function() expect(run):toMatchGolden("x", { items = {box, "box"} }) end, "toMatchGolden%.items%[2%]: 'box' is listed twice" },
    { function() expect(run):toMatchGolden("x", { items = {} }) end, "toMatchGolden%.items: the list is empty" },
    { function() expect(run):toMatchGolden("x", { items = "box" }) end, "toMatchGolden%.items: expected a list of item names or items, got string" },
    { function() expect(run):toMatchGolden("x", {}, 3) end, "toMatchGolden: takes %(name %[, { tolerance, stride, items }%]%), got 3 arguments" },
  }
  for i, c in ipairs(cases) do
    expect(c[1], "case " .. i):toFail("^[^:]*goldens_test%.lua:%d+: " .. c[2])
  end
  -- A label comes first, under .never too.
  expect(function() expect(run, "the drop").never:toMatchGolden("a/b") end)
    :toFail("goldens_test%.lua:%d+: the drop: toMatchGolden%(name%): a golden's name is a file name")
end)
