/*
 * Internal interface between the parts of CLuaShim (not exported to Swift).
 *
 * The budget: a watchdog thread marks the running call into Lua as over budget
 * (an atomic flag in the state's bookkeeping). Lua code is stopped by a count hook;
 * C functions whose running time a script controls (pattern matching, string.rep,
 * table.move, ...) call dyn_budget_poll every few thousand units of work, which
 * raises the same "instruction budget exceeded" error once the flag is set.
 */
#ifndef DYNAMICS_CLUASHIM_INTERNAL_H
#define DYNAMICS_CLUASHIM_INTERNAL_H

#include <stddef.h>

#if __has_include(<lua.h>)
#include <lua.h>
#include <lauxlib.h>
#else
#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#endif

/* Raises "instruction budget exceeded" (a Lua error, so call it only from a
   lua_CFunction) if the current call into Lua is over its budget; else returns. */
void dyn_budget_poll(lua_State *L);

/* Replaces, in the global `string` and `table` tables of L, the functions whose
   running time a script controls with bounded versions (see bounded_lib.c).
   Called once, under lua_pcall, before the sandbox is built. */
int dyn_open_bounded_libs(lua_State *L);

#endif
