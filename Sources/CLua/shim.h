/*
 * Umbrella header for the system Lua 5.4 (Debian: liblua5.4-dev).
 *
 * With pkg-config, SwiftPM adds `-I/usr/include/lua5.4` and the plain names
 * resolve; without it, fall back to Debian's versioned folder.
 */
#ifndef DYNAMICS_CLUA_SHIM_H
#define DYNAMICS_CLUA_SHIM_H

#if __has_include(<lua.h>)
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
#elif __has_include(<lua5.4/lua.h>)
#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>
#include <lua5.4/lauxlib.h>
#else
#error "Lua 5.4 headers not found: install liblua5.4-dev (or run `make deps`)"
#endif

#if !defined(LUA_VERSION_NUM) || LUA_VERSION_NUM != 504
#error "Dynamics needs Lua 5.4 (found another version's lua.h first on the include path)"
#endif

#endif /* DYNAMICS_CLUA_SHIM_H */
