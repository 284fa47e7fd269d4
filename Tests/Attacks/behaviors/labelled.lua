-- A plugin with a string parameter (used by mem_plugin_string_param_cap.lua).
return {
  name = "labelled",
  params = { label = "crate" },
  action = function(self, dt) end,
}
