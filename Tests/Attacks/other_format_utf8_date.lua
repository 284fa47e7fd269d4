-- expect: ok "FORMATS OK"
-- string.format widths and precisions, utf8.char ranges, os.date formats and times at the
-- edges: errors or bounded results, never a crash.
local bad = 0
local function try(fn, ...) local ok, r = pcall(fn, ...); if not ok then bad = bad + 1 end; return r end
try(string.format, "%099d", 1)
try(string.format, "%.99f", 1e308)
try(string.format, "%99.99f", -1e308)
try(string.format, "%a", 0 / 0)
try(string.format, "%5000s", "x")
try(string.format, "%q", 1 / 0)
try(string.format, "%q", math.mininteger)
try(string.format, "%c", -1)
try(string.format, "%i", 2 ^ 63)
try(string.format, ("%d"):rep(200), table.unpack({}, 1, 200))
try(utf8.char, -1)
try(utf8.char, 0x7FFFFFFF)
try(utf8.char, 0x80000000)
try(utf8.char, math.maxinteger)
try(utf8.codepoint, "\xF4\x90\x80\x80", 1, -1, true)
try(utf8.len, ("\xff"):rep(1000), 1, -1, true)
try(utf8.offset, "abc", math.mininteger)
for _, f in ipairs{ "%Ez", "%Q", "%", "%E", "%O", "%c%c%c", "*t", "!*t", ("%c"):rep(10000), "%Y\0%m" } do try(os.date, f) end
for _, t in ipairs{ math.maxinteger, math.mininteger, 2 ^ 62, -2 ^ 62, 1e300, 0 / 0 } do try(os.date, "%c", t); try(os.date, "*t", t) end
try(os.time, { year = math.maxinteger, month = 1, day = 1 })
try(os.time, { year = 2000, month = math.mininteger, day = math.maxinteger })
try(os.time, { year = 1e300, month = 1, day = 1 })
try(os.clock)
print("FORMATS OK", bad)
return require("dynamics").animator{}
