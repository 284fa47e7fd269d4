-- A plugin whose params default to numbers that are not finite (num_plugin_nan_params.lua).
return { name = "nan_default", params = { strength = 0/0, reach = 1/0, direction = {0/0, 1} },
         action = function(self, dt) end }
