-- item.style (docs/lua-api.md, "Styles"): set at creation or later, read back, checked with
-- errors that name the key, pictures only from the scene's folder.
local dyn = require "dynamics"

local function item(style)
  return dyn.item{ name = "card", center = {100, 100}, size = {200, 120}, style = style }
end

describe("a style", function()
  it("is read back with colors as #rrggbbaa and the font as {size, weight}", function()
    local card = item{ fill = "tomato", stroke = {0, 0, 1, 0.5}, strokeWidth = 2, cornerRadius = 12,
                       shadow = true, opacity = 0.75, text = "Hello", font = "18px bold", textColor = "#333" }
    local s = card.style
    expect(s.fill):toBe("#ff6347ff")
    expect(s.stroke):toBe("#0000ff80")
    expect(s.strokeWidth):toBe(2)
    expect(s.cornerRadius):toBe(12)
    expect(s.shadow.color):toBe("#00000040")
    expect(s.shadow.offset.y):toBe(2)
    expect(s.shadow.radius):toBe(6)
    expect(s.opacity):toBe(0.75)
    expect(s.text):toBe("Hello")
    expect(s.font.size):toBe(18)
    expect(s.font.weight):toBe(700)
    expect(s.textColor):toBe("#333333ff")
    expect(s.image):toBe(nil)
  end)

  it("is writable, and nil takes it away", function()
    local card = item(nil)
    expect(card.style):toBe(nil)
    card.style = { fill = "#0a84ff", font = { size = 12, weight = "semibold" } }
    expect(card.style.fill):toBe("#0a84ffff")
    expect(card.style.font.weight):toBe(600)
    card.style = nil
    expect(card.style):toBe(nil)
  end)

  it("keeps the old style when a new one is refused", function()
    local card = item{ fill = "red" }
    expect(function() card.style = { fill = "blue", opacity = 2 } end):toFail("style.opacity")
    expect(card.style.fill):toBe("#ff0000ff")
  end)

  it("names the key of bad input", function()
    expect(function() item{ fil = "red" } end):toFail("unknown key 'fil'")
    expect(function() item{ fill = "#12" } end):toFail("style.fill: expected a color")
    expect(function() item{ fill = {1, 2, 3} } end):toFail("style.fill: each of r, g, b, a must be a number in 0…1")
    expect(function() item{ strokeWidth = 0 / 0 } end):toFail("style.strokeWidth")
    expect(function() item{ cornerRadius = math.huge } end):toFail("style.cornerRadius")
    expect(function() item{ cornerRadius = -1 } end):toFail("style.cornerRadius")
    expect(function() item{ text = string.rep("x", 1001) } end):toFail("style.text: at most 1000")
    expect(function() item{ text = string.rep("x", 5000) } end):toFail("at most 4096 bytes")
    expect(function() item{ font = "16px wobbly" } end):toFail("style.font.weight: unknown weight")
    expect(function() item{ shadow = { blur = 2 } } end):toFail("style.shadow: unknown key 'blur'")
    expect(function() item{ text = print } end):toFail("expected a number, string, boolean or table")
    expect(function() item{ shadow = { offset = { { { {1} } } } } } end):toFail("nested too deep")
    expect(function() item("red") end):toFail("item.style: expected a table")
    expect(function() item{ "red" } end):toFail("expected named keys")
    expect(function() local c = item(nil); c.style = 3 end):toFail("item.style: expected a table")
  end)
end)

describe("a style's image", function()
  it("is a file in the scene's folder, read back by its name", function()
    local card = item{ image = "images/badge.svg" }
    expect(card.style.image):toBe("images/badge.svg")
  end)

  it("is refused outside the folder, missing, or not a picture", function()
    expect(function() item{ image = "../Scenes/images/badge.svg" } end):toFail('no "%.%."')
    expect(function() item{ image = "/etc/passwd" } end):toFail("not an absolute path")
    expect(function() item{ image = "images/missing.png" } end):toFail("is not a file")
    expect(function() item{ image = "style_test.lua" } end):toFail("not a PNG, JPEG or SVG")
    expect(function() item{ image = "images/active.svg" } end):toFail("a script element")
    expect(function() item{ image = 7 } end):toFail("style.image: expected a file name")
  end)
end)
