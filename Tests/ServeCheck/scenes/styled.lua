-- The browser check's styled scene (style_check.py): items that hold still (no behavior moves
-- them) so their pixels are where the checks look. A card with text, a rotated chat bubble, a
-- picture-in-picture with the examples' picture, a round avatar and a text field.
local dyn = require "dynamics"
local a = dyn.animator{ bounds = {0, 0, 375, 560} }
local card = dyn.item{ name = "card", center = {140, 110}, size = {260, 150}, style = {
  fill = "#ffffff", cornerRadius = 18, stroke = "#d0d0d5", strokeWidth = 1,
  shadow = { color = "#00000030", offset = {0, 4}, radius = 14 },
  text = "Hello from Dynamics", font = "30px bold", textColor = "#111111" } }
local bubble = dyn.item{ name = "bubble", center = {110, 420}, size = {170, 56}, angle = -0.12, style = {
  fill = "#0a84ff", cornerRadius = 28, text = "See you at 7? <3", font = "15px",
  textColor = "white" } }
local pip = dyn.item{ name = "pip", center = {270, 400}, size = {100, 150}, style = {
  image = "images/caller.png", cornerRadius = 14, fill = "#29335c", stroke = "#ffffffcc", strokeWidth = 2,
  shadow = true } }
local avatar = dyn.item{ name = "avatar", center = {320, 90}, size = {64, 64}, shape = "ellipse", style = {
  fill = "tomato", text = "AB", font = { size = 24, weight = "semibold" }, textColor = {1, 1, 1} } }
local field = dyn.item{ name = "field", center = {187, 520}, size = {335, 40}, style = {
  fill = "#ffffff", stroke = "#d0d0d5", cornerRadius = 20, text = "Message", textColor = "#8e8e93" } }
a:addBehavior(dyn.itemBehavior{ items = {card, bubble, pip, avatar, field}, resistance = 0 })
return a
