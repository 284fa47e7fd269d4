-- expect: error at 5
-- An error object whose __tostring loops: the message handler turns it into a string, and
-- must do so under the budget; the report keeps file:line.
local mt = { __tostring = function() while true do end end }
error(setmetatable({}, mt))
