-- Params with looping metamethods (used by meta_index_plugin_params.lua).
local loop = function() while true do end end
return {
  name = "hostile_params",
  params = setmetatable({ strength = 1 }, { __index = loop, __pairs = loop, __len = loop, __newindex = loop }),
  action = function(self, dt) local s = self.strength; local m = self.missing end,
}
