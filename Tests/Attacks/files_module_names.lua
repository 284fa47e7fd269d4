-- expect: ok "MODULE NAMES REFUSED"
-- require of module names of every wrong type and shape: each is refused with its own clear
-- message, at the caller's line, before any file is looked for (a 20 MB name costs no copy).
local bad = {
  { nil, "expected a string, got nil" }, { 42, "expected a string, got number" },
  { {}, "expected a string, got table" }, { print, "expected a string, got function" },
  { true, "expected a string, got boolean" }, { coroutine.create(print), "expected a string, got thread" },
  { "", "got an empty string" }, { "..", "is a path" }, { "../Scenes/api_test", "is a path" },
  { "lib/../lib/cycle_left", "is a path" }, { "/etc/passwd", "is a path" }, { "a..b", "is a path" },
  { "lib\\failing_module", "is a path" }, { "./cycle_left", "is a path" }, { ".cycle_left", "is not a module name" },
  { "cycle_left.", "is not a module name" }, { "a b", "is not a module name" }, { "a\0b", "cannot contain a NUL byte" },
  { "\255\254", "is not a module name" }, { "files_module_names_test", "names a test file" },
  { string.rep("m", 201), "at most 200 bytes, got 201" }, { string.rep("m", 20 * 1024 * 1024), "at most 200 bytes" },
  { "no.such.module", "no plugin or module named 'no.such.module'" },
}
for i, case in ipairs(bad) do
  local ok, err = pcall(require, case[1])
  assert(not ok, "case " .. i .. " was accepted")
  assert(tostring(err):find(case[2], 1, true), "case " .. i .. ": " .. tostring(err))
  assert(#tostring(err) < 1000, "case " .. i .. ": a long message")
end
print("MODULE NAMES REFUSED")
return require("dynamics").animator{}
