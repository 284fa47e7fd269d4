-- expect: ok "GC OK"
-- Every collectgarbage option: the ones that change the collector are refused, the rest are
-- bounded (a huge step, count).
local refused = 0
for _, opt in ipairs{ "stop", "restart", "incremental", "generational", "setpause", "setstepmul", "isrunning", "bogus", 42 } do
  if not pcall(collectgarbage, opt, 1, 1, 1) then refused = refused + 1 end
end
pcall(collectgarbage, "step", math.maxinteger)
pcall(collectgarbage, "step", -1)
pcall(collectgarbage, "count", "extra")
collectgarbage("collect")
assert(refused >= 6, "collector options accepted: " .. (9 - refused))
print("GC OK")
return require("dynamics").animator{}
