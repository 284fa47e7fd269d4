-- The sandbox every script runs in (LuaState.init runs this before any other code, as the
-- host's chunk "=sandbox"; CLuaShim's dyn_lua_open_sandbox). It builds and returns the
-- environment scripts see: Lua's safe base functions and libraries, without io, package,
-- debug, string.dump, binary chunks or collectgarbage's control options, and with pcall,
-- xpcall and load wrapped so that catching an error never resumes a call over its budget.
-- The host passes its two budget checks as the chunk's arguments: `recheck(...)` raises the
-- budget's error again when the call is over budget and returns its arguments otherwise;
-- `overbudget()` says whether the call is over budget. Setup fails closed: if this chunk
-- does not load, run, or return a table, no state is made.
local recheck, overbudget = ...
local G = _G
local env = {}
for _, k in ipairs{'assert','error','ipairs','next','pairs','pcall','rawequal','rawget','rawlen',
    'rawset','select','tonumber','tostring','type','xpcall','getmetatable','setmetatable','print'} do
  env[k] = G[k]
end
env.math, env.table, env.utf8, env.coroutine = G.math, G.table, G.utf8, G.coroutine
-- Lua 5.4 seeds math.random from the clock and an address, so a scene would differ from
-- run to run; a fixed seed makes it repeatable (math.randomseed still works).
G.math.randomseed(0x5eed)
local pcall, xpcall, select_ = G.pcall, G.xpcall, G.select
local rawsetmt, rawget_, type_, error_ = G.setmetatable, G.rawget, G.type, G.error
env.pcall = function(...)
  if select_('#', ...) == 0 then error_("bad argument #1 to 'pcall' (value expected)", 2) end
  return recheck(pcall(...))
end
env.xpcall = function(...)
  local f, msgh = ...
  if type_(msgh) ~= 'function' then
    error_("bad argument #2 to 'xpcall' (function expected, got " .. (select_('#', ...) < 2 and 'no value' or type_(msgh)) .. ')', 2)
  end
  return recheck(xpcall(f, function(e) if overbudget() then return e end return msgh(e) end, select_(3, ...)))
end
env.setmetatable = function(t, mt)
  if type_(mt) == 'table' and rawget_(mt, '__gc') ~= nil then
    error_('setmetatable: __gc metamethods are not allowed in scripts (a finalizer runs at a time the script does not control)', 2)
  end
  local ok, r = pcall(rawsetmt, t, mt)
  if not ok then error_(r, 2) end
  return r
end
G.string.dump = nil
env.string = G.string
env.os = { clock = G.os.clock, time = G.os.time, date = G.os.date }
local load = G.load
env.load = function(chunk, name, mode, e)
  local kind = type_(chunk)
  if kind ~= 'string' and kind ~= 'function' then
    error_("bad argument #1 to 'load' (string expected, got " .. (chunk == nil and 'no value' or kind) .. ')', 2)
  end
  if name ~= nil and type_(name) ~= 'string' then
    error_("bad argument #2 to 'load' (string expected, got " .. type_(name) .. ')', 2)
  end
  if mode ~= nil and mode ~= 't' then return nil, 'load: only text chunks are allowed' end
  if e == nil then e = env end
  local failed, bad = false, nil
  if kind == 'function' then
    local reader = chunk
    chunk = function()
      if failed then return nil end
      local ok, piece = recheck(pcall(reader))
      if not ok then failed, bad = true, piece return nil end
      if piece ~= nil and type_(piece) ~= 'string' then failed, bad = true, 'reader function must return a string' return nil end
      return piece
    end
  end
  local f, problem = load(chunk, name, 't', e)
  if failed then return nil, bad end
  return f, problem
end
-- Named as scripts know it: Lua names a function in its messages by the variable it
-- was called through ("bad argument #2 to 'collectgarbage'").
local collectgarbage = G.collectgarbage
env.collectgarbage = function(opt, ...)
  if opt == nil or opt == 'collect' or opt == 'count' or opt == 'step' then return collectgarbage(opt, ...) end
  error("collectgarbage('" .. tostring(opt) .. "') is not allowed in the sandbox", 2)
end
env._G = env
getmetatable('').__metatable = 'locked'
setmetatable(env, { __metatable = 'locked' })
return env
