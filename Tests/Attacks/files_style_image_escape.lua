-- expect: error "must name a file inside the scene's folder" at 12
-- args: --seconds 0
-- A style's image is read from the scene's folder only: "..", absolute paths and paths that
-- name no file there are refused at the item's line, and what was refused is never read.
local dyn = require "dynamics"
local a = dyn.animator{}
for _, path in ipairs{ "../Attacks/files_style_image_escape.lua", "/etc/passwd", "lib/../../README.md",
                       "/proc/self/environ", "nothing_here.png" } do
  local ok, e = pcall(dyn.item, { size = {10, 10}, style = { image = path } })
  assert(not ok and e:find("style.image"), path)
end
dyn.item{ size = {10, 10}, style = { image = "../README.md" } }
return a
