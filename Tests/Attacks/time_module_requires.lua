-- expect: ok "REQUIRES DONE"
-- args: --seconds 0 --lua-budget 500000000
-- A million requires of a cached module, and ten thousand of names found nowhere: each is a
-- table lookup or a few file checks, and the module runs once.
for i = 1, 1000000 do assert(require("counted_module").value == 7) end
for i = 1, 10000 do assert(not pcall(require, "nowhere_" .. i)) end
assert(moduleLoads == 1, tostring(moduleLoads))
print("REQUIRES DONE")
return require("dynamics").animator{}
