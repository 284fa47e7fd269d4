-- A module that raises while it loads (files_module_error.lua).
local M = {}
function M.ok() return true end
error("the module fails here")
return M
