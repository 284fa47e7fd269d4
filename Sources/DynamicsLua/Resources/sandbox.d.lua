---@meta dynamics.sandbox
-- The globals a Dynamics script has: Lua 5.4's basic functions minus those the sandbox takes
-- away (dofile, loadfile, warn, _VERSION), `os` with only clock, time and date, and no `io`,
-- `debug` or `package`. `dynamics types --luarc` writes this file beside dynamics.d.lua and
-- turns off the language server's own basic, io, os, debug and package libraries, so that
-- a script using what the sandbox removes is flagged as it is written (undefined global),
-- not when it runs. string, table, math, utf8 and coroutine are Lua's own (the sandbox
-- removes string.dump alone, which the language server cannot turn off by itself).
-- Reference: docs/lua-api.md, "Sandbox and limits".

---Raises an error if `v` is false or nil; otherwise returns all its arguments.
---@generic T
---@param v? T
---@param message? any
---@param ... any
---@return T
---@return any ...
function assert(v, message, ...) end

---Raises `message` as an error; `level` 1 (default) points at the caller, 2 at its caller.
---@param message any
---@param level? integer
function error(message, level) end

---Iterates `t[1]`, `t[2]`, … up to the first nil.
---@generic T: table, V
---@param t T
---@return fun(table: V[], i?: integer): integer, V
---@return T
---@return integer i
function ipairs(t) end

---The next key of `t` after `index` (nil: the first), and its value.
---@generic K, V
---@param t table<K, V>
---@param index? K
---@return K?
---@return V?
function next(t, index) end

---Iterates every key and value of `t` (through `__pairs` if it has one).
---@generic T: table, K, V
---@param t T
---@return fun(table: table<K, V>, index?: K): K, V
---@return T
function pairs(t) end

---Calls `f` in protected mode: true and its results, or false and the error. A script's
---budget errors are not caught: once a call is over budget, it stays over.
---@param f async fun(...): ...
---@param ... any
---@return boolean success
---@return any ...
function pcall(f, ...) end

---Like `pcall`, with a message handler `msgh` for the error.
---@param f async fun(...): ...
---@param msgh function
---@param ... any
---@return boolean success
---@return any ...
function xpcall(f, msgh, ...) end

---@param v1 any
---@param v2 any
---@return boolean
function rawequal(v1, v2) end

---@param t table
---@param index any
---@return any
function rawget(t, index) end

---@param v table|string
---@return integer
function rawlen(v) end

---@param t table
---@param index any
---@param value any
---@return table
function rawset(t, index, value) end

---The arguments after `index`, or with "#" their count.
---@param index integer|"#"
---@param ... any
---@return any
function select(index, ...) end

---@param e any
---@param base? integer
---@return number?
function tonumber(e, base) end

---@param v any
---@return string
function tostring(v) end

---@alias dynamics.sandbox.type "nil"|"number"|"string"|"boolean"|"table"|"function"|"thread"|"userdata"

---@param v any
---@return dynamics.sandbox.type type
function type(v) end

---@param object any
---@return table? metatable
function getmetatable(object) end

---Sets `t`'s metatable (a `__gc` metamethod is refused in scripts).
---@generic T
---@param t T
---@param metatable? table
---@return T
function setmetatable(t, metatable) end

---Writes the values, separated by tabs (`dynamics run`: standard output; tests: kept with
---the case's result).
---@param ... any
function print(...) end

---Loads a chunk of Lua text (binary chunks are refused) under the sandbox.
---@param chunk string|function
---@param chunkname? string
---@param mode? "t"
---@param env? table
---@return function?
---@return string? error_message
function load(chunk, chunkname, mode, env) end

---The collector's "count", "step", "isrunning", "collect", "incremental" and "generational"
---options (the sandbox's own argument checks).
---@param opt? "collect"|"count"|"step"|"isrunning"|"incremental"|"generational"
---@param ... any
---@return any
function collectgarbage(opt, ...) end

---Loads `dynamics`, a plugin on the search path, or a module (`name.sub` is `name/sub.lua`)
---from the scene's folder, its `lib/`, the loading test's folder and `DYNAMICS_PATH`.
---@param modname string
---@return any
function require(modname) end

---The script's own global table.
---@class _G
_G = {}

---`os` in the sandbox: clock, time and date only.
os = {}

---CPU seconds used by the program.
---@return number
function os.clock() end

---The current time (seconds since the epoch), or that of the date `date`.
---@param date? { year: integer, month: integer, day: integer, hour?: integer, min?: integer, sec?: integer, isdst?: boolean }
---@return integer
function os.time(date) end

---A date as text (`format` as C's strftime; "*t" and "!*t" give a table).
---@param format? string
---@param time? integer
---@return string|osdate
function os.date(format, time) end

---@class osdate
---@field year integer
---@field month integer
---@field day integer
---@field hour integer
---@field min integer
---@field sec integer
---@field wday integer
---@field yday integer
---@field isdst boolean
