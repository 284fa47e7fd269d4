-- expect: ok "done true cancelled true"
-- A task cancels itself, then waits: it ends quietly at that wait; cancelling again, from
-- outside and inside a timer, is harmless.
local dyn = require "dynamics"
local a = dyn.animator{}
local t
t = a:spawn(function()
  dyn.wait(0.05)
  t:cancel(); t:cancel()
  dyn.wait(1)
  error("never")
end)
a:after(0.1, function() t:cancel() end)
a:run{ seconds = 0.3 }
print("done " .. tostring(t.done) .. " cancelled " .. tostring(t.cancelled))
return a
