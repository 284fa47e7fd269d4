-- expect: error "use: no behavior or plugin named" at 6
-- A 20 MB plugin name: the name's characters were walked one grapheme at a time before the
-- search path was tried (2.8 s in a release build); a name longer than a file name is now
-- refused by its length first.
local dyn = require "dynamics"
local make = dyn.use(("a"):rep(20000000))
return dyn.animator{}
