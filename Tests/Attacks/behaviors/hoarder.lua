-- A plugin that allocates 300 MB once (used by mem_plugin_action_bomb.lua).
local hoard = {}
return {
  name = "hoarder",
  params = { megabytes = 300 },
  action = function(self, dt)
    if #hoard > 0 then return end
    for i = 1, self.megabytes do hoard[i] = string.rep("p", 1 << 20) .. i end
    print("cap escaped: " .. #hoard .. " MB held")
  end,
}
