-- expect: error "reached its bound of 256 MB"
-- args: --seconds 60 --lua-budget 100000000 --trace .build/attack-trace.csv
-- A trace holds every item at every sample and repeats each name on every CSV row: 25 000
-- items traced for a minute needed 4.3 GB and aborted the process, 1 000 items with 4 KB
-- names grew it by 2.5 GB. The recording is bounded (256 MB by estimate) and ends with an
-- error when it reaches the bound.
local dyn = require "dynamics"
local a = dyn.animator{}
local ib = dyn.itemBehavior{ anchored = true }
local name = string.rep("n", 4000)
for i = 1, 4000 do ib:addItem(dyn.item{ size = {1, 1}, center = {i % 100 * 2, i // 100 * 2}, name = name }) end
a:addBehavior(ib)
return a
