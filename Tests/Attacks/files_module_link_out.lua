-- expect: ok "MODULE LINKS REFUSED" not "breeze"
-- lib/linked_out_module.lua is a symbolic link to a file outside the scene's folder, and
-- lib/outside_folder one to a folder outside it: a module must resolve inside the folders
-- scripts may read (the scene's folder and below), links included.
local ok, err = pcall(require, "linked_out_module")
assert(not ok and tostring(err):find("lib/linked_out_module.lua is outside the folders scripts may read", 1, true), tostring(err))
local ok2, err2 = pcall(require, "outside_folder.behaviors.breeze")
assert(not ok2 and tostring(err2):find("lib/outside_folder/behaviors/breeze.lua is outside the folders scripts may read", 1, true), tostring(err2))
print("MODULE LINKS REFUSED")
return require("dynamics").animator{}
