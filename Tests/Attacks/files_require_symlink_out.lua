-- expect: ok "LINK REFUSED" not "SECRET FROM OUTSIDE"
-- behaviors/linked_out.lua is a symbolic link to a file outside the plugin folder: require
-- and dyn.use followed it and handed the script that file's table (a link to any readable
-- .lua file, or to /etc/passwd, whose first token came back in a syntax error). A plugin
-- must be a file in its folder; the test API's loadScene already refused such links.
local dyn = require "dynamics"
local ok, err = pcall(require, "linked_out")
assert(not ok and tostring(err):find("link out of its folder"), tostring(err))
local ok2, err2 = pcall(dyn.use, "linked_out")
assert(not ok2 and tostring(err2):find("link out of its folder"), tostring(err2))
print("LINK REFUSED")
return dyn.animator{}
