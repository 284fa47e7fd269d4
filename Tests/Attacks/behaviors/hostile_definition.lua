-- A plugin definition with a looping __index (used by meta_index_plugin_definition.lua).
return setmetatable({ name = "hostile_definition" }, { __index = function() while true do end end })
