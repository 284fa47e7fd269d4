-- A plugin with a number and a vector parameter (num_plugin_nan_params.lua, time_plugin_many_params.lua).
return { name = "drift", params = { strength = 1, direction = {1, 0} }, action = function(self, dt) end }
