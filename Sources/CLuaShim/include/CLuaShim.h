/*
 * CLuaShim: the small C layer between Swift and Lua 5.4.
 *
 * Swift cannot see Lua's function-like macros (lua_pcall, lua_pop,
 * lua_tostring, ...), its computed constants (LUA_REGISTRYINDEX) or its
 * variadic functions, and it must never be unwound through by Lua's
 * longjmp-based errors. The functions here expose what is missing and run
 * everything that can raise under lua_pcall.
 *
 * This header deliberately does not include <lua.h>: `struct lua_State` is
 * only forward-declared, so Swift sees `lua_State *` as `OpaquePointer`, the
 * same type it sees through the CLua module. Import CLua alongside CLuaShim
 * for the rest of the C API (lua_pushnumber, lua_gettop, LUA_OK, ...).
 */
#ifndef DYNAMICS_CLUASHIM_H
#define DYNAMICS_CLUASHIM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lua_State lua_State;

/* Pointers are non-null unless marked DYN_NULLABLE (Swift then sees non-optional types). */
#if defined(__clang__)
#define DYN_NULLABLE _Nullable
#pragma clang assume_nonnull begin
#else
#define DYN_NULLABLE
#endif

/* LUA_REGISTRYINDEX for Lua 5.4 (checked against lua.h when CLuaShim.c is
   compiled). A literal so that Swift imports it as a constant. */
#define DYN_LUA_REGISTRYINDEX (-1001000)

/* ---- States -------------------------------------------------------------- */

/* Creates a state whose allocator refuses to grow the heap past `capBytes`
   (0 = no cap) and opens the standard libraries. Allocation past the cap
   fails with Lua's "not enough memory" error (after an emergency collection);
   shrinking and freeing never fail. Returns NULL if the state or the standard
   libraries do not fit. Close it with dyn_lua_close. */
lua_State *DYN_NULLABLE dyn_lua_newstate_capped(size_t capBytes);

/* Closes a state created by dyn_lua_newstate_capped (any state is accepted;
   the allocator's bookkeeping is freed only for ours). NULL is ignored. */
void dyn_lua_close(lua_State *DYN_NULLABLE L);

/* Bytes currently allocated by the state. */
size_t dyn_lua_memory_used(lua_State *L);

/* Counts `*counter` (bytes of host objects a script made, kept by the host) against the
   cap of a state from dyn_lua_newstate_capped, with the state's own memory. NULL stops it;
   the host must clear it before the counter goes away. */
void dyn_lua_set_host_bytes(lua_State *L, const size_t *DYN_NULLABLE counter);

/* The cap in bytes of a state from dyn_lua_newstate_capped (0 = none, or not
   one of ours). */
size_t dyn_lua_memory_cap(lua_State *L);

/* Changes the cap of a state from dyn_lua_newstate_capped (0 = none). A cap
   below the current use only stops further growth. Returns 0 if the state
   was not created by dyn_lua_newstate_capped, 1 otherwise. */
int dyn_lua_set_memory_cap(lua_State *L, size_t capBytes);

/* Full garbage collection (lua_gc(L, LUA_GCCOLLECT)). */
void dyn_lua_gc_collect(lua_State *L);

/* ---- Running code -------------------------------------------------------- */

/* Loads `chunk` as text only (binary chunks are refused) and runs it under
   lua_pcall with a message handler that appends a traceback.
   `chunkname` follows Lua's convention: "@file.lua" reports errors as
   "file.lua:LINE:", "=name" as "name:LINE:", anything else as
   [string "..."]:LINE:. NULL uses the chunk text itself.
   Returns LUA_OK (0) and leaves every result of the chunk on the stack, or an
   error status (LUA_ERRSYNTAX, LUA_ERRRUN, LUA_ERRMEM, LUA_ERRERR) with the
   stack as it was before the call and the message copied, truncated and
   NUL-terminated, into `errbuf` (if errbuf is not NULL and errlen > 0). */
int dyn_lua_dostring(lua_State *L, const char *chunk, const char *DYN_NULLABLE chunkname,
                     char *DYN_NULLABLE errbuf, size_t errlen);

/* Loads `len` bytes of text (binary refused) as a function and pushes it, or
   pushes the error message. Returns the status of luaL_loadbufferx. */
int dyn_lua_loadtext(lua_State *L, const char *chunk, size_t len,
                     const char *DYN_NULLABLE chunkname);

/* lua_pcall(L, nargs, nresults, msgh). */
int dyn_lua_pcall(lua_State *L, int nargs, int nresults, int msgh);

/* Like dyn_lua_pcall with the traceback message handler of dyn_lua_dostring:
   the function and its `nargs` arguments are on top of the stack; on error
   the single value left is the message with a traceback. */
int dyn_lua_pcall_traceback(lua_State *L, int nargs, int nresults);

/* ---- Stack --------------------------------------------------------------- */

void dyn_lua_pop(lua_State *L, int n);
void dyn_lua_newtable(lua_State *L);
void dyn_lua_insert(lua_State *L, int idx);
void dyn_lua_remove(lua_State *L, int idx);
void dyn_lua_replace(lua_State *L, int idx);
int dyn_lua_upvalueindex(int i);
int dyn_lua_registryindex(void);

/* lua_tostring: NULL unless the value is a string or a number (a number is
   converted in place, as lua_tostring does). */
const char *DYN_NULLABLE dyn_lua_tostring(lua_State *L, int idx);
/* lua_tonumber: 0 if the value is not a number or a numeric string. */
double dyn_lua_tonumber(lua_State *L, int idx);
/* lua_tointeger: 0 if the value is not an integer or convertible to one. */
long long dyn_lua_tointeger(lua_State *L, int idx);

int dyn_lua_isnil(lua_State *L, int idx);
int dyn_lua_isnone(lua_State *L, int idx);
int dyn_lua_isnoneornil(lua_State *L, int idx);
int dyn_lua_isboolean(lua_State *L, int idx);
int dyn_lua_isnumber(lua_State *L, int idx);
int dyn_lua_isstring(lua_State *L, int idx);
int dyn_lua_istable(lua_State *L, int idx);
int dyn_lua_isfunction(lua_State *L, int idx);

/* ---- Host callbacks ------------------------------------------------------ */

/* A host (Swift) function callable from Lua. It returns the number of results
   it pushed, or -1 after pushing an error message: the trampoline then raises
   that message with lua_error, so a Lua error never unwinds through the host.
   While it runs, the memory cap is not enforced (host pushes cannot fail). */
typedef int (*dyn_lua_callback)(lua_State *L, void *DYN_NULLABLE context);

/* Pushes a Lua function that calls `fn(L, context)`. */
void dyn_lua_pushcallback(lua_State *L, dyn_lua_callback fn, void *DYN_NULLABLE context);

/* Brackets host code that calls the Lua API outside a callback (set-up): the
   memory cap is not enforced in between. Calls nest. */
void dyn_lua_host_enter(lua_State *L);
void dyn_lua_host_leave(lua_State *L);

/* ---- Instruction budget -------------------------------------------------- */

/* Installs a count hook that stops the running Lua code with
   "FILE:LINE: instruction budget exceeded" within 1000 instructions. Safe to
   call from another thread while Lua runs (lua_sethook is async-safe): a
   watchdog arms it only when a call overruns, so healthy calls never pay for a
   hook. The hook removes itself when it fires. */
void dyn_lua_arm_budget(lua_State *L);
void dyn_lua_disarm_budget(lua_State *L);

/* Marks the running call as over budget (on != 0) or clears the mark. Once
   marked, the hook and every bounded C function raise "instruction budget
   exceeded" until the host clears it. For the watchdog and for tests. */
void dyn_lua_set_budget_exceeded(lua_State *L, int on);
int dyn_lua_budget_exceeded(lua_State *L);

/* ---- Sandbox ------------------------------------------------------------- */

#define DYN_SANDBOX_KEY "dynamics.sandbox"

/* Builds the sandbox environment by running `setup` (len bytes of Lua text: DynamicsLua's
   Resources/sandbox.lua) as the chunk "=sandbox" with the budget checks as arguments, and
   keeps the table it returns in the registry. Returns LUA_OK, or an error status with the
   message on the stack (an empty setup, a syntax or runtime error, or a result that is not
   a table): no sandbox is kept, and the state must not run scripts. */
int dyn_lua_open_sandbox(lua_State *L, const char *DYN_NULLABLE setup, size_t len);

/* Pushes the sandbox environment. */
void dyn_lua_push_sandbox(lua_State *L);

/* Loads text (binary refused) and sets its _ENV to the sandbox environment;
   pushes the function, or the error message. */
int dyn_lua_load_sandboxed(lua_State *L, const char *chunk, size_t len, const char *chunkname);

/* For measurements: installs (on != 0) or removes a count hook that does nothing,
   to show what a permanently installed budget hook would cost. */
void dyn_lua_set_noop_hook(lua_State *L, int on);

/* ---- Batched field evaluation -------------------------------------------- */

/* Calls the Lua function `fnRef` (registry reference) once per sample, as
   fn([self,] position, velocity, mass, charge, time), refilling the tables
   `posRef` and `velRef` ({x, y}) for each sample so nothing is allocated per
   item. `samples` holds n × {px, py, vx, vy, mass, charge}; the two results of
   each call go to out[2i], out[2i+1]. One protected call for the whole batch,
   with a traceback; a non-number or non-finite result is an error naming the
   function's file:line. selfRef 0 = no self argument. Returns LUA_OK, or an
   error status with the message on top of the stack. */
int dyn_lua_eval_field(lua_State *L, int fnRef, int selfRef, int posRef, int velRef,
                       const double *samples, size_t n, double *out, double time);

/* The reference loop for measurements: n unprotected-free calls (lua_pcall each)
   of fnRef with five numbers, two results popped. */
int dyn_lua_bench_bare_loop(lua_State *L, int fnRef, size_t n);

/* ---- Raw access (the only table access host code may use) ----------------- */

/* Host code never triggers a metamethod: a script's table may carry __index or
   __newindex, and a metamethod run from the host would run outside the budget and
   could raise through host frames. These read and write without metamethods. */

/* Pushes t[k] (t at idx) without metamethods; returns its type. */
int dyn_lua_rawgetfield(lua_State *L, int idx, const char *k);
/* t[k] = value on top (popped), without metamethods. */
void dyn_lua_rawsetfield(lua_State *L, int idx, const char *k);
/* Creates the metatable `name` in the registry if new (luaL_newmetatable) and pushes it. */
int dyn_lua_newmetatable(lua_State *L, const char *name);

/* ---- Host helpers (call from host context) ------------------------------- */

/* Pushes "FILE:LINE: msg" with the innermost script line (the script that called the
   host), or just msg when no script line is on the stack. */
void dyn_lua_pushlocated(lua_State *L, const char *msg);

/* Reads and assignments of a handle's properties (`item.velocity`, `item.angle = a`): `fn`
   is called as fn(L, context, handle, key, assign) between the same budget, stack and
   memory checks as every host function (it returns its result count, or -1 after pushing
   an error message, which C raises). `handle` is the userdata at index 1 when it has the
   class's metatable, else NULL; `key` is the property's position (>= 0) from the names
   table, DYN_KEY_UNKNOWN for a string that names no property, DYN_KEY_NOT_STRING for any
   other key; `assign` is 1 for an assignment (the value at index 3). */
typedef int (*dyn_lua_property_callback)(lua_State *L, void *DYN_NULLABLE context,
                                         void *DYN_NULLABLE handle, int key, int assign);
#define DYN_KEY_UNKNOWN (-1)
#define DYN_KEY_NOT_STRING (-2)

/* Pops a names table (a method's name → the method; a property's name → its position, an
   integer) and sets __index and __newindex of the metatable at `mt`: a read finds a method
   by one raw lookup without entering the host, and a property goes to `fn` with its
   position, so the host never converts the key. */
void dyn_lua_set_property_access(lua_State *L, int mt, dyn_lua_property_callback fn,
                                 void *DYN_NULLABLE context);

/* Pushes a new table {x = x, y = y} (raw sets). */
void dyn_lua_pushxy(lua_State *L, double x, double y);

/* Reads a vector {a, b} or {kx = a, ky = b} at `idx` with raw access (each component from
   the array part first) into out[0], out[1]; kx and ky NULL for x and y. Returns 1 if both
   are finite numbers, else 0 (the caller then reports what is wrong). */
int dyn_lua_toxy(lua_State *L, int idx, const char *DYN_NULLABLE kx, const char *DYN_NULLABLE ky, double *out);

/* The userdata at `idx` if its metatable is `metatable` (by address), else NULL. */
void *DYN_NULLABLE dyn_lua_touserdata_with(lua_State *L, int idx, const void *DYN_NULLABLE metatable);

/* The userdata at `idx` if its metatable is one of the `n` at `metatables` (by address; a
   NULL entry matches nothing), else NULL; `which` (if not NULL) gets the matching entry's
   position. One class of handle is one metatable, and a kind (any behavior) several. */
void *DYN_NULLABLE dyn_lua_touserdata_among(lua_State *L, int idx, const void *DYN_NULLABLE const *DYN_NULLABLE metatables,
                                            size_t n, size_t *DYN_NULLABLE which);

/* Reads the `n` values at idx, idx + 1, ... into out: 1 if all are finite numbers, else 0
   (the caller then reports what is wrong). */
int dyn_lua_tonumbers(lua_State *L, int idx, int n, double *out);

/* 1 if the table at `idx` is the list of the `n` userdata at addresses `expected`
   (raw reads: length n, entry i the userdata expected[i - 1]), else 0. */
int dyn_lua_list_is(lua_State *L, int idx, const void *const DYN_NULLABLE *DYN_NULLABLE expected, size_t n);

/* Pushes "chunkname:currentline: " of the function at `level` (luaL_where). */
void dyn_lua_pushwhere(lua_State *L, int level);

/* References in the registry: pops the value and returns its reference
   (luaL_ref), pushes a referenced value, releases a reference. */
int dyn_lua_ref(lua_State *L);
void dyn_lua_getref(lua_State *L, int ref);
void dyn_lua_unref(lua_State *L, int ref);

/* "chunk:line" where the function at `idx` is defined (NULL if not a Lua
   function). The string must be copied at once. */
const char *DYN_NULLABLE dyn_lua_function_location(lua_State *L, int idx);

#if defined(__clang__)
#pragma clang assume_nonnull end
#endif

#ifdef __cplusplus
}
#endif

#endif /* DYNAMICS_CLUASHIM_H */
