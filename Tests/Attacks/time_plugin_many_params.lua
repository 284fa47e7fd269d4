-- expect: ok "PARAMS OK"
-- args: --seconds 0 --lua-budget 300000000
-- require returns a plugin's live definition, so a script can give it 100 000 parameters and
-- pass 100 000 options: each option was looked up in a list of all the names, O(n²) in one
-- host call (150 000 of each: 40 s), and a misspelt 3 000-byte name was compared with 3 000
-- others of that length (15 s) and listed in full (9 MB). Names are now looked up in a set,
-- long keys get no suggestion, and messages list at most 40 names.
local dyn = require "dynamics"
local def = require "drift"
local o = {}
for i = 1, 100000 do def.params["k" .. i] = 0; o["k" .. i] = 1 end
local b = dyn.use("drift")(o)
local base = string.rep("k", 3000)
for i = 1, 3000 do def.params[base .. i] = 0 end
local ok, err = pcall(dyn.use("drift"), { [base .. "x"] = 0 })
assert(not ok and #err < 10000 and err:find("in all%)"), #tostring(err))
print("PARAMS OK")
return dyn.animator{}
