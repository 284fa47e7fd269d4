-- expect: ok "LINK REFUSED" not "root:"
-- behaviors/linked_out.lua is a symbolic link to /etc/passwd: require and dyn.use followed it
-- and handed the script that file (a link to any readable file; /etc/passwd's first token
-- came back in a syntax error). What a script reads must resolve inside the folders scripts
-- may read (the scene's folder and below), links included.
local dyn = require "dynamics"
local ok, err = pcall(require, "linked_out")
assert(not ok and tostring(err):find("behaviors/linked_out.lua is outside the folders scripts may read", 1, true), tostring(err))
local ok2, err2 = pcall(dyn.use, "linked_out")
assert(not ok2 and tostring(err2):find("behaviors/linked_out.lua is outside the folders scripts may read", 1, true), tostring(err2))
print("LINK REFUSED")
return dyn.animator{}
