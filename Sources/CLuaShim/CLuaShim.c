/* Floating-point contraction off: a*b + c stays two roundings, never a fused multiply-add
 * the compiler chose, so results do not depend on the target's FMA (docs/engine.md, "Determinism"). */
#pragma STDC FP_CONTRACT OFF
#include "CLuaShim.h"
#include "dyn_internal.h"
#include "table_slots.h"

#if __has_include(<lua.h>)
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>
#else
#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>
#include <lua5.4/lauxlib.h>
#endif

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#if LUA_VERSION_NUM != 504
#error "CLuaShim needs Lua 5.4"
#endif

_Static_assert(DYN_LUA_REGISTRYINDEX == LUA_REGISTRYINDEX,
               "DYN_LUA_REGISTRYINDEX does not match this lua.h");

/* ---- Capped allocator ---------------------------------------------------- */

/* Coroutines being resumed at once (nested). Lua's C-stack limit (LUAI_MAXCCALLS,
   200) keeps real nesting well below this. */
#define DYN_MAX_RUNNING_THREADS 256

/* Small blocks (tables, short strings, closures: most of what a script allocates and drops)
   are recycled per size class instead of going back to malloc: a table made and dropped
   per call (a vector read from a handle) then costs a list pop and push. Classes are
   multiples of 16 bytes up to 256; a small block always has room for its class (it is
   allocated at the class size), and each class keeps at most DYN_POOL_CLASS_BYTES of free
   blocks (so the pool holds at most 4 MiB), all freed when the state closes. By bytes rather
   than a count: a step of luaAction1000 drops 2000 small tables at once (a table and its
   two-key part, 64 and 48 bytes), and a cap of 1024 blocks a class sent half of them back to
   malloc at every collection, and their successors to it (3 % of the scene). */
#define DYN_POOL_GRAIN 16
#define DYN_POOL_SMALL 256
#define DYN_POOL_CLASSES (DYN_POOL_SMALL / DYN_POOL_GRAIN)
#define DYN_POOL_CLASS_BYTES (256 * 1024)

typedef struct DynFreeBlock { struct DynFreeBlock *next; } DynFreeBlock;

/* Everything the shim keeps per state: the allocator's bookkeeping and the budget.
   It is the allocator's userdata, so any thread of the state finds it. */
typedef struct {
    size_t used;    /* bytes handed out to Lua */
    size_t cap;     /* 0 = unlimited */
    int hostDepth;  /* > 0 while host (Swift) code runs: the cap is not enforced, so a
                       host allocation never raises (and never unwinds through Swift).
                       1 between calls into Lua: the host holds the state then, and a
                       push or reference it makes outside any protected call (an error
                       message, a callback's location) must not fail because a script
                       left the state over the cap (that raised unprotected: abort). */
    volatile int exceeded; /* the running call into Lua is over its budget */

    /* The budget hook is per thread (lua_State). The watchdog arms it on the main
       thread and on every coroutine being resumed at that moment; a coroutine resumed
       later while the mark is set is armed by the resume itself. `lock` guards
       `threads` and arming, which the watchdog does from its own thread. */
    pthread_mutex_t lock;
    lua_State *main;
    lua_State *threads[DYN_MAX_RUNNING_THREADS];
    int threadCount;

    DynFreeBlock *pool[DYN_POOL_CLASSES];
    int pooled[DYN_POOL_CLASSES];

    /* Registry references of the strings "x" and "y" (vectors are pushed and read with
       them, without looking the text up again). */
    int keyX, keyY;

    /* Bytes of host objects the script made (items, behaviors, ...), counted by the host in
       memory it owns (it outlives the state, since objects can outlive it); NULL = none.
       They count against the cap with `used`. */
    const size_t *hostBytes;
} DynAllocState;

/* The class of a small size (1...DYN_POOL_SMALL): its index and its size. */
static inline size_t dyn_pool_class(size_t size) { return (size - 1) / DYN_POOL_GRAIN; }
static inline size_t dyn_pool_class_size(size_t c) { return (c + 1) * DYN_POOL_GRAIN; }

static inline void *dyn_pool_get(DynAllocState *st, size_t size) {
    size_t c = dyn_pool_class(size);
    DynFreeBlock *b = st->pool[c];
    if (b != NULL) {
        st->pool[c] = b->next;
        st->pooled[c]--;
        return b;
    }
    return malloc(dyn_pool_class_size(c));
}

static inline void dyn_pool_put(DynAllocState *st, void *p, size_t size) {
    size_t c = dyn_pool_class(size);
    /* A multiply, not a division by the class size: a division in every free cost 5-10 ns a table. */
    if ((size_t)st->pooled[c] * dyn_pool_class_size(c) >= DYN_POOL_CLASS_BYTES) {
        free(p);
        return;
    }
    DynFreeBlock *b = (DynFreeBlock *)p;
    b->next = st->pool[c];
    st->pool[c] = b;
    st->pooled[c]++;
}

static void dyn_pool_drain(DynAllocState *st) {
    for (int c = 0; c < DYN_POOL_CLASSES; c++) {
        while (st->pool[c] != NULL) {
            DynFreeBlock *b = st->pool[c];
            st->pool[c] = b->next;
            free(b);
        }
        st->pooled[c] = 0;
    }
}

/* Moves a block to a new one of `nsize` bytes (NULL if none could be had). */
static void *dyn_move_block(DynAllocState *st, void *ptr, size_t old, size_t nsize) {
    void *p = nsize <= DYN_POOL_SMALL ? dyn_pool_get(st, nsize) : malloc(nsize);
    if (p == NULL) return NULL;
    memcpy(p, ptr, old < nsize ? old : nsize);
    if (old <= DYN_POOL_SMALL) dyn_pool_put(st, ptr, old); else free(ptr);
    return p;
}

static void *dyn_capped_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    DynAllocState *st = (DynAllocState *)ud;
    /* When ptr is NULL, osize encodes the kind of object, not a size. */
    size_t old = ptr ? osize : 0;

    if (nsize == 0) {
        if (ptr != NULL) {
            if (old <= DYN_POOL_SMALL) dyn_pool_put(st, ptr, old); else free(ptr);
        }
        st->used -= old;
        return NULL;
    }
    if (nsize <= old) {
        /* Shrinking must never fail: keep the old block if realloc does. A small block
           stays where it is (it has room for its class, and a larger one). A large block
           shrinks in place, to at least the class size of a small new size. */
        void *p = ptr;
        if (old > DYN_POOL_SMALL) {
            size_t room = nsize <= DYN_POOL_SMALL ? dyn_pool_class_size(dyn_pool_class(nsize)) : nsize;
            p = realloc(ptr, room);
        }
        st->used -= old - nsize;
        return p ? p : ptr;
    }
    size_t growth = nsize - old;
    size_t total = st->used + (st->hostBytes != NULL ? *st->hostBytes : 0);
    if (st->cap != 0 && st->hostDepth == 0 && (total >= st->cap || growth > st->cap - total)) {
        return NULL; /* past the cap: Lua raises "not enough memory" */
    }
    void *p;
    if (ptr == NULL) {
        p = nsize <= DYN_POOL_SMALL ? dyn_pool_get(st, nsize) : malloc(nsize);
    } else if (old <= DYN_POOL_SMALL) {
        /* A small block grows within its class, or moves. */
        p = dyn_pool_class(nsize) == dyn_pool_class(old) && nsize <= DYN_POOL_SMALL
            ? ptr : dyn_move_block(st, ptr, old, nsize);
    } else {
        p = realloc(ptr, nsize);
    }
    if (p == NULL) return NULL;
    st->used += growth;
    return p;
}

static DynAllocState *dyn_alloc_state(lua_State *L) {
    void *ud = NULL;
    lua_Alloc f = lua_getallocf(L, &ud);
    return f == dyn_capped_alloc ? (DynAllocState *)ud : NULL;
}

static int dyn_panic(lua_State *L) {
    const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1)
                                                     : "error object is not a string";
    fprintf(stderr, "dynamics: unprotected Lua error: %s\n", msg);
    fflush(stderr);
    return 0; /* Lua then aborts */
}

static void dyn_wrap_coroutines(lua_State *L);

static int dyn_openlibs(lua_State *L) {
    luaL_openlibs(L);
    dyn_open_bounded_libs(L);
    dyn_wrap_coroutines(L);
    DynAllocState *st = dyn_alloc_state(L);
    lua_pushliteral(L, "x");
    st->keyX = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushliteral(L, "y");
    st->keyY = luaL_ref(L, LUA_REGISTRYINDEX);
    return 0;
}

lua_State *dyn_lua_newstate_capped(size_t capBytes) {
    DynAllocState *st = (DynAllocState *)malloc(sizeof *st);
    if (st == NULL) return NULL;
    st->used = 0;
    st->cap = capBytes;
    st->hostDepth = 0;
    st->exceeded = 0;
    st->threadCount = 0;
    st->hostBytes = NULL;
    memset(st->pool, 0, sizeof st->pool);
    memset(st->pooled, 0, sizeof st->pooled);
    pthread_mutex_init(&st->lock, NULL);

    lua_State *L = lua_newstate(dyn_capped_alloc, st);
    if (L == NULL) {
        dyn_pool_drain(st);
        pthread_mutex_destroy(&st->lock);
        free(st);
        return NULL;
    }
    st->main = L;
    lua_atpanic(L, dyn_panic);
    lua_setwarnf(L, NULL, NULL); /* warnings off, as luaL_newstate leaves them */
#if defined(LUA_VERSION_RELEASE_NUM) && LUA_VERSION_RELEASE_NUM >= 50406
    /* Scripts make and drop small tables all the time (vectors): generational collection
       makes them cheap. Not before 5.4.6, whose generational mode mis-sets the next
       collection after a full one (a bug of 5.4.4 and 5.4.5). */
    lua_gc(L, LUA_GCGEN, 0, 0);
#endif

    /* luaL_openlibs can raise (out of memory under a small cap): protect it. */
    lua_pushcfunction(L, dyn_openlibs);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
        lua_close(L);
        dyn_pool_drain(st);
        pthread_mutex_destroy(&st->lock);
        free(st);
        return NULL;
    }
    st->hostDepth = 1; /* the host holds the state; dyn_lua_pcall lowers it to 0 for scripts */
    return L;
}

void dyn_lua_close(lua_State *L) {
    if (L == NULL) return;
    DynAllocState *st = dyn_alloc_state(L);
    /* Closing runs only the host's own finalizers (scripts cannot set __gc, see the
       sandbox) and no Lua code is running, so it is bounded; the cap is lifted so
       that nothing in it can fail. */
    if (st != NULL) st->hostDepth++;
    lua_close(L);
    if (st != NULL) {
        dyn_pool_drain(st);
        pthread_mutex_destroy(&st->lock);
        free(st);
    }
}

size_t dyn_lua_memory_used(lua_State *L) {
    DynAllocState *st = dyn_alloc_state(L);
    if (st != NULL) return st->used;
    return (size_t)lua_gc(L, LUA_GCCOUNT) * 1024u + (size_t)lua_gc(L, LUA_GCCOUNTB);
}

void dyn_lua_set_host_bytes(lua_State *L, const size_t *counter) {
    DynAllocState *st = dyn_alloc_state(L);
    if (st != NULL) st->hostBytes = counter;
}

size_t dyn_lua_memory_cap(lua_State *L) {
    DynAllocState *st = dyn_alloc_state(L);
    return st != NULL ? st->cap : 0;
}

int dyn_lua_set_memory_cap(lua_State *L, size_t capBytes) {
    DynAllocState *st = dyn_alloc_state(L);
    if (st == NULL) return 0;
    st->cap = capBytes;
    return 1;
}

void dyn_lua_gc_collect(lua_State *L) {
    lua_gc(L, LUA_GCCOLLECT);
}

void dyn_lua_pushlocated(lua_State *L, const char *msg) {
    lua_Debug ar;
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        /* The host's own chunks are named "=NAME" (the sandbox's wrappers, the test API);
           scripts are "@PATH". */
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 && ar.source[0] != '=') {
            lua_pushfstring(L, "%s:%d: %s", ar.short_src, ar.currentline, msg);
            return;
        }
    }
    lua_pushstring(L, msg);
}

/* Raises "FILE:LINE: instruction budget exceeded" at the innermost script line (the
   host's own chunks, "=sandbox" and "=dynamics.test", are skipped: a budget that ran out
   inside a matcher names the script line that called it). */
static int dyn_budget_error(lua_State *L) {
    dyn_lua_pushlocated(L, "instruction budget exceeded");
    return lua_error(L);
}

void dyn_budget_poll(lua_State *L) {
    DynAllocState *st = dyn_alloc_state(L);
    if (st != NULL && st->exceeded) dyn_budget_error(L);
}

void dyn_lua_set_budget_exceeded(lua_State *L, int on) {
    DynAllocState *st = dyn_alloc_state(L);
    if (st != NULL) st->exceeded = on != 0;
}

int dyn_lua_budget_exceeded(lua_State *L) {
    DynAllocState *st = dyn_alloc_state(L);
    return st != NULL && st->exceeded;
}

/* ---- Running code -------------------------------------------------------- */

/* Whether a message starts with a location "CHUNK:LINE: ". */
static int dyn_is_located(const char *msg) {
    const char *colon = strchr(msg, ':');
    if (colon == NULL || colon == msg) return 0;
    const char *p = colon + 1;
    if (*p < '0' || *p > '9') return 0;
    while (*p >= '0' && *p <= '9') p++;
    return p[0] == ':' && p[1] == ' ';
}

/* Replaces the string at `idx` by a copy with each NUL byte shown as "\\0": the message
   functions below work on C strings, which end at the first NUL (error("msg\0hidden") read
   "msg"). */
static void dyn_show_nuls(lua_State *L, int idx) {
    size_t len = 0;
    const char *s = lua_tolstring(L, idx, &len);
    if (s == NULL || strlen(s) == len) return;
    idx = lua_absindex(L, idx);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '\0') luaL_addstring(&b, "\\0"); else luaL_addchar(&b, s[i]);
    }
    luaL_pushresult(&b);
    lua_replace(L, idx);
}

/* Message handler: turns the error object into a string and appends a
   traceback. Not called by Lua for memory errors. */
static int dyn_traceback(lua_State *L) {
    if (lua_type(L, 1) == LUA_TSTRING) dyn_show_nuls(L, 1);
    const char *msg = lua_type(L, 1) == LUA_TSTRING ? lua_tostring(L, 1) : NULL;
    if (msg == NULL) {
        /* A non-string error object (error(42), error(t)): its text (a number's, or its
           __tostring's, run here inside the protected call and under the budget) or its type,
           located at the line that raised it (Lua locates only strings). */
        if (lua_type(L, 1) == LUA_TNUMBER) {
            lua_pushvalue(L, 1);
            msg = lua_tostring(L, -1);
        } else if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
            msg = lua_tostring(L, -1);
        } else {
            msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        }
        dyn_lua_pushlocated(L, msg);
        msg = lua_tostring(L, -1);
    } else if (!dyn_is_located(msg) || strncmp(msg, "sandbox:", 8) == 0 || strncmp(msg, "dynamics.test:", 14) == 0) {
        /* A message raised in C with no script line ("C stack overflow", a coroutine's
           "cannot resume dead coroutine") or at a line of the sandbox's own wrappers
           ("sandbox:30: bad argument #1 to 'load'"): located at the innermost script line. */
        int located = 0;
        if (strncmp(msg, "sandbox:", 8) == 0 || strncmp(msg, "dynamics.test:", 14) == 0) {
            const char *rest = strstr(msg, ": ");
            if (rest != NULL) msg = rest + 2;
            /* The test API's messages that already name the script's line keep it. */
            located = dyn_is_located(msg);
        }
        if (located) {
            lua_pushstring(L, msg);
        } else {
            dyn_lua_pushlocated(L, msg);
        }
        msg = lua_tostring(L, -1);
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

static void dyn_copy_message(lua_State *L, int idx, char *errbuf, size_t errlen) {
    if (errbuf == NULL || errlen == 0) return;
    const char *msg = NULL;
    int t = lua_type(L, idx);
    if (t == LUA_TSTRING || t == LUA_TNUMBER) msg = lua_tostring(L, idx);
    if (msg == NULL) msg = "(error object is not a string)";
    snprintf(errbuf, errlen, "%s", msg);
}

int dyn_lua_loadtext(lua_State *L, const char *chunk, size_t len, const char *chunkname) {
    return luaL_loadbufferx(L, chunk, len, chunkname ? chunkname : chunk, "t");
}

int dyn_lua_dostring(lua_State *L, const char *chunk, const char *chunkname,
                     char *errbuf, size_t errlen) {
    if (errbuf != NULL && errlen > 0) errbuf[0] = '\0';
    int base = lua_gettop(L);
    if (!lua_checkstack(L, 2)) {
        if (errbuf != NULL && errlen > 0) snprintf(errbuf, errlen, "not enough memory");
        return LUA_ERRMEM;
    }
    lua_pushcfunction(L, dyn_traceback);
    int status = dyn_lua_loadtext(L, chunk, strlen(chunk), chunkname);
    if (status == LUA_OK) status = dyn_lua_pcall(L, 0, LUA_MULTRET, base + 1);
    if (status != LUA_OK) {
        dyn_copy_message(L, -1, errbuf, errlen);
        lua_settop(L, base);
        return status;
    }
    lua_remove(L, base + 1); /* the handler; the results stay */
    return LUA_OK;
}

/* A call from the host into Lua: the script's allocations count against the cap
   again, even when the host itself was called from Lua (an action run by a:run{}).
   Returns the host depth to restore afterwards. */
static int dyn_script_enter(lua_State *L) {
    DynAllocState *st = dyn_alloc_state(L);
    if (st == NULL) return 0;
    int depth = st->hostDepth;
    st->hostDepth = 0;
    return depth;
}

static void dyn_script_leave(lua_State *L, int depth) {
    DynAllocState *st = dyn_alloc_state(L);
    if (st != NULL) st->hostDepth = depth;
}

int dyn_lua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    int depth = dyn_script_enter(L);
    int status = lua_pcall(L, nargs, nresults, msgh);
    dyn_script_leave(L, depth);
    return status;
}

int dyn_lua_pcall_traceback(lua_State *L, int nargs, int nresults) {
    int fn = lua_gettop(L) - nargs;
    if (!lua_checkstack(L, 1)) {
        /* The slot freed by popping the function takes the message. Lua keeps
           "not enough memory" interned for life, so pushing it allocates nothing. */
        lua_settop(L, fn - 1);
        lua_pushliteral(L, "not enough memory");
        return LUA_ERRMEM;
    }
    lua_pushcfunction(L, dyn_traceback);
    lua_insert(L, fn); /* the handler goes below the function */
    int status = dyn_lua_pcall(L, nargs, nresults, fn);
    lua_remove(L, fn);
    return status;
}

/* ---- Stack --------------------------------------------------------------- */

void dyn_lua_pop(lua_State *L, int n) { lua_pop(L, n); }
void dyn_lua_newtable(lua_State *L) { lua_newtable(L); }
void dyn_lua_insert(lua_State *L, int idx) { lua_insert(L, idx); }
void dyn_lua_remove(lua_State *L, int idx) { lua_remove(L, idx); }
void dyn_lua_replace(lua_State *L, int idx) { lua_replace(L, idx); }
int dyn_lua_upvalueindex(int i) { return lua_upvalueindex(i); }
int dyn_lua_registryindex(void) { return LUA_REGISTRYINDEX; }

const char *dyn_lua_tostring(lua_State *L, int idx) { return lua_tostring(L, idx); }
double dyn_lua_tonumber(lua_State *L, int idx) { return (double)lua_tonumber(L, idx); }
long long dyn_lua_tointeger(lua_State *L, int idx) { return (long long)lua_tointeger(L, idx); }

int dyn_lua_isnil(lua_State *L, int idx) { return lua_isnil(L, idx); }
int dyn_lua_isnone(lua_State *L, int idx) { return lua_isnone(L, idx); }
int dyn_lua_isnoneornil(lua_State *L, int idx) { return lua_isnoneornil(L, idx); }
int dyn_lua_isboolean(lua_State *L, int idx) { return lua_isboolean(L, idx); }
int dyn_lua_isnumber(lua_State *L, int idx) { return lua_isnumber(L, idx); }
int dyn_lua_isstring(lua_State *L, int idx) { return lua_isstring(L, idx); }
int dyn_lua_istable(lua_State *L, int idx) { return lua_istable(L, idx); }
int dyn_lua_isfunction(lua_State *L, int idx) { return lua_isfunction(L, idx); }

/* ---- Host callbacks ------------------------------------------------------ */

typedef struct {
    dyn_lua_callback fn;
    void *context;
    DynAllocState *st; /* the state's allocator (it never changes) */
} DynCallback;

/* Stack slots reserved for every host call (LUA_MINSTACK is only 20). */
#define DYN_HOST_STACK 64

/* The one door from Lua into the host, in two halves around the host body. Before the host
   runs (dyn_host_begin): the budget is checked (an over-budget call gets no more host time)
   and stack room is reserved (host code pushes without checking). While it runs the cap is
   lifted, so host pushes never raise; host code must not call anything else that raises or
   runs metamethods (only raw access; see the boundary rules in the repository's docs). After
   it returns (dyn_host_end): its error message is raised here, in C; the budget is checked
   again (host time counts: a long host call that ran past the deadline ends the script's
   call); and memory the host allocated for the script counts against the cap. Every host
   body runs between these two: the trampoline of host functions and the property access of
   handles (dyn_index_dispatch, dyn_newindex_dispatch). */
static inline DynAllocState *dyn_host_begin(lua_State *L, DynAllocState *st) {
    if (st != NULL && st->exceeded) dyn_budget_error(L);
    luaL_checkstack(L, DYN_HOST_STACK, "host call");
    if (st != NULL) st->hostDepth++;
    return st;
}

static inline int dyn_host_end(lua_State *L, DynAllocState *st, int n) {
    if (st != NULL) st->hostDepth--;
    if (n < 0) return lua_error(L); /* only C raises */
    if (st != NULL && st->exceeded) return dyn_budget_error(L);
    if (st != NULL && st->cap != 0 && st->hostDepth == 0 && st->used > st->cap) {
        /* Raised here, after the host call, it has the script's line (Lua's own memory
           error has none). */
        return luaL_error(L, "not enough memory: the script went past the memory cap of %I bytes", (lua_Integer)st->cap);
    }
    return n;
}

static int dyn_trampoline(lua_State *L) {
    DynCallback *cb = (DynCallback *)lua_touserdata(L, lua_upvalueindex(1));
    DynAllocState *st = dyn_host_begin(L, cb->st);
    return dyn_host_end(L, st, cb->fn(L, cb->context));
}

void dyn_lua_pushcallback(lua_State *L, dyn_lua_callback fn, void *context) {
    DynCallback *cb = (DynCallback *)lua_newuserdatauv(L, sizeof *cb, 0);
    cb->fn = fn;
    cb->context = context;
    cb->st = dyn_alloc_state(L);
    lua_pushcclosure(L, dyn_trampoline, 1);
}

void dyn_lua_host_enter(lua_State *L) {
    DynAllocState *st = dyn_alloc_state(L);
    if (st != NULL) st->hostDepth++;
}

void dyn_lua_host_leave(lua_State *L) {
    DynAllocState *st = dyn_alloc_state(L);
    if (st != NULL && st->hostDepth > 0) st->hostDepth--;
}

/* ---- Instruction budget -------------------------------------------------- */

/* Fires every 1000 instructions while armed and raises again each time until the
   host disarms it: a script that catches the error (pcall, xpcall, a message handler,
   a __close handler, a coroutine) is stopped again 1000 instructions later. */
static void dyn_budget_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    DynAllocState *st = dyn_alloc_state(L);
    if (st == NULL || st->exceeded) dyn_budget_error(L);
}

#define DYN_HOOK_COUNT 1 /* armed only once over budget: stop at the next instruction */

/* Sets or clears the hook on the main thread and every coroutine being resumed. */
static void dyn_set_hooks(DynAllocState *st, int on) {
    lua_Hook hook = on ? dyn_budget_hook : NULL;
    int mask = on ? LUA_MASKCOUNT : 0, count = on ? DYN_HOOK_COUNT : 0;
    lua_sethook(st->main, hook, mask, count);
    for (int i = 0; i < st->threadCount; i++) lua_sethook(st->threads[i], hook, mask, count);
}

void dyn_lua_arm_budget(lua_State *L) {
    DynAllocState *st = dyn_alloc_state(L);
    if (st == NULL) {
        lua_sethook(L, dyn_budget_hook, LUA_MASKCOUNT, DYN_HOOK_COUNT);
        return;
    }
    pthread_mutex_lock(&st->lock);
    st->exceeded = 1;
    dyn_set_hooks(st, 1);
    pthread_mutex_unlock(&st->lock);
}

void dyn_lua_disarm_budget(lua_State *L) {
    DynAllocState *st = dyn_alloc_state(L);
    if (st == NULL) {
        lua_sethook(L, NULL, 0, 0);
        return;
    }
    pthread_mutex_lock(&st->lock);
    st->exceeded = 0;
    dyn_set_hooks(st, 0);
    pthread_mutex_unlock(&st->lock);
}

/* ---- Coroutines under the budget ------------------------------------------ */

/* Registers `co` as running (so the watchdog arms it too) and arms it at once if the
   budget is already exceeded. Returns 0 if too many coroutines are nested. */
static int dyn_thread_enter(DynAllocState *st, lua_State *co) {
    pthread_mutex_lock(&st->lock);
    if (st->threadCount >= DYN_MAX_RUNNING_THREADS) {
        pthread_mutex_unlock(&st->lock);
        return 0;
    }
    st->threads[st->threadCount++] = co;
    if (st->exceeded) lua_sethook(co, dyn_budget_hook, LUA_MASKCOUNT, DYN_HOOK_COUNT);
    pthread_mutex_unlock(&st->lock);
    return 1;
}

static void dyn_thread_leave(DynAllocState *st) {
    pthread_mutex_lock(&st->lock);
    if (st->threadCount > 0) st->threadCount--;
    pthread_mutex_unlock(&st->lock);
}

/* Calls the original coroutine function in upvalue 1 (resume or close) with every
   argument, the coroutine being argument 1, registered as running meanwhile. The
   original runs under lua_pcall so that the registration is undone on every path. */
static int dyn_co_call(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    DynAllocState *st = dyn_alloc_state(L);
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    if (co == NULL || st == NULL) {
        lua_call(L, n, LUA_MULTRET); /* the original reports the wrong argument */
        return lua_gettop(L);
    }
    if (!dyn_thread_enter(st, co)) return luaL_error(L, "too many nested coroutines");
    int status = lua_pcall(L, n, LUA_MULTRET, 0);
    dyn_thread_leave(st);
    if (status != LUA_OK) return lua_error(L);
    if (st->exceeded) return dyn_budget_error(L);
    return lua_gettop(L);
}

/* coroutine.wrap's function: resumes its coroutine (upvalue 1) through the wrapped
   resume (upvalue 2); like Lua's own, it raises the coroutine's error (with the
   caller's position prepended to a string message) after closing the coroutine. */
static int dyn_co_wrapped(lua_State *L) {
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_rotate(L, 1, 2);
    lua_call(L, n + 1, LUA_MULTRET);
    if (lua_toboolean(L, 1)) return lua_gettop(L) - 1;
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    if (co != NULL && lua_status(co) != LUA_OK && lua_status(co) != LUA_YIELD) {
        DynAllocState *st = dyn_alloc_state(L);
        if (st != NULL && dyn_thread_enter(st, co)) {
            lua_resetthread(co);
            dyn_thread_leave(st);
        }
    }
    if (lua_type(L, 2) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, 2);
        lua_concat(L, 2);
    }
    lua_settop(L, 2);
    return lua_error(L);
}

static int dyn_co_wrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    lua_pushvalue(L, lua_upvalueindex(1)); /* the wrapped resume */
    lua_pushcclosure(L, dyn_co_wrapped, 2);
    return 1;
}

/* Replaces coroutine.resume, close and wrap (in the global `coroutine` table) with
   versions that keep the running coroutines known to the budget. */
static void dyn_wrap_coroutines(lua_State *L) {
    lua_getglobal(L, "coroutine");
    int co = lua_gettop(L);
    lua_getfield(L, co, "resume");
    lua_pushcclosure(L, dyn_co_call, 1);
    lua_pushvalue(L, -1);
    lua_setfield(L, co, "resume");
    lua_pushcclosure(L, dyn_co_wrap, 1);
    lua_setfield(L, co, "wrap");
    lua_getfield(L, co, "close");
    lua_pushcclosure(L, dyn_co_call, 1);
    lua_setfield(L, co, "close");
    lua_pop(L, 1);
}

/* True once the call is over budget. The sandbox's xpcall then skips the script's
   message handler: Lua runs a handler for an error raised by the budget hook with hooks
   disabled, so a handler that loops could not be stopped. */
static int dyn_budget_over(lua_State *L) {
    DynAllocState *st = dyn_alloc_state(L);
    lua_pushboolean(L, st != NULL && st->exceeded);
    return 1;
}

/* The sandbox's pcall and xpcall end with this: an error caught after the budget ran
   out is raised again, so catching it never resumes an over-budget call. */
static int dyn_budget_recheck(lua_State *L) {
    DynAllocState *st = dyn_alloc_state(L);
    if (st != NULL && st->exceeded) return dyn_budget_error(L);
    return lua_gettop(L);
}

/* ---- Sandbox ------------------------------------------------------------- */

/* The sandbox's setup is a Lua chunk (DynamicsLua's Resources/sandbox.lua), run once per
   state before any other code, with the two budget checks above as its arguments; it
   returns the environment table. It fails closed: a setup that is missing, does not load,
   raises, or returns anything but a table leaves no sandbox, and the state is not used.
   On failure the error message is left on the stack for the caller to report and pop. */
int dyn_lua_open_sandbox(lua_State *L, const char *setup, size_t len) {
    if (!lua_checkstack(L, 3)) return LUA_ERRMEM;
    if (setup == NULL || len == 0) {
        lua_pushstring(L, "sandbox: the setup chunk is empty");
        return LUA_ERRRUN;
    }
    int status = luaL_loadbufferx(L, setup, len, "=sandbox", "t");
    if (status == LUA_OK) {
        lua_pushcfunction(L, dyn_budget_recheck);
        lua_pushcfunction(L, dyn_budget_over);
        status = lua_pcall(L, 2, 1, 0);
    }
    if (status != LUA_OK) return status;
    if (lua_type(L, -1) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_pushstring(L, "sandbox: the setup chunk did not return the environment table");
        return LUA_ERRRUN;
    }
    lua_setfield(L, LUA_REGISTRYINDEX, DYN_SANDBOX_KEY);
    return LUA_OK;
}

void dyn_lua_push_sandbox(lua_State *L) {
    lua_getfield(L, LUA_REGISTRYINDEX, DYN_SANDBOX_KEY);
}

int dyn_lua_load_sandboxed(lua_State *L, const char *chunk, size_t len, const char *chunkname) {
    int status = luaL_loadbufferx(L, chunk, len, chunkname, "t");
    if (status != LUA_OK) return status;
    lua_getfield(L, LUA_REGISTRYINDEX, DYN_SANDBOX_KEY);
    if (lua_setupvalue(L, -2, 1) == NULL) lua_pop(L, 1); /* no _ENV upvalue: nothing to set */
    return LUA_OK;
}

int dyn_lua_rawgetfield(lua_State *L, int idx, const char *k) {
    if (lua_type(L, idx) != LUA_TTABLE) { /* raw access on a non-table is undefined */
        lua_pushnil(L);
        return LUA_TNIL;
    }
    idx = lua_absindex(L, idx);
    lua_pushstring(L, k);
    return lua_rawget(L, idx);
}

void dyn_lua_rawsetfield(lua_State *L, int idx, const char *k) {
    if (lua_type(L, idx) != LUA_TTABLE) {
        lua_pop(L, 1);
        return;
    }
    idx = lua_absindex(L, idx);
    lua_pushstring(L, k);
    lua_insert(L, -2);
    lua_rawset(L, idx);
}

int dyn_lua_newmetatable(lua_State *L, const char *name) {
    return luaL_newmetatable(L, name);
}

/* Property access of the handle classes. Upvalue 1 is the class's names table (a method's
   name → the method, a property's name → its position, an integer); upvalue 2 a
   DynPropertyAccess. The key is dispatched here, on the script's own (interned) string by one
   raw lookup, so the host gets a small integer and never converts a string; the handle is
   checked against the class's metatable here too (the host checks its slot's generation). */
/* The keys of the names table by their text's address: Lua keeps one copy of each short
   string (up to 40 bytes), so a short key is one of the class's names exactly when its text
   is at one of these addresses. The names table never changes and holds its strings, so the
   addresses stay valid. A key found here costs no table lookup; any other key takes the raw
   lookup in the names table (long strings, and names past the table's room). */
#define DYN_FAST_SLOTS 128
#define DYN_FAST_MAX 80          /* at most this many names in the slots (load ≤ 5/8) */
#define DYN_FAST_METHOD (-100)   /* a method: DYN_FAST_METHOD - k is upvalue 3 + k of __index */

typedef struct {
    dyn_lua_property_callback fn;
    void *context;
    const void *metatable; /* the class's metatable: a handle of this class has it */
    DynAllocState *st;     /* the state's allocator (it never changes) */
    const char *slotKey[DYN_FAST_SLOTS];
    int slotValue[DYN_FAST_SLOTS];
} DynPropertyAccess;

static inline unsigned dyn_fast_slot(const char *text) {
    uintptr_t h = (uintptr_t)text;
    return (unsigned)(((h >> 3) ^ (h >> 11)) & (DYN_FAST_SLOTS - 1));
}

/* The value of `text` in the slots, or DYN_KEY_UNKNOWN when it is not there. */
static inline int dyn_fast_find(const DynPropertyAccess *pa, const char *text) {
    for (unsigned h = dyn_fast_slot(text);; h = (h + 1) & (DYN_FAST_SLOTS - 1)) {
        const char *k = pa->slotKey[h];
        if (k == text) return pa->slotValue[h];
        if (k == NULL) return DYN_KEY_UNKNOWN;
    }
}

/* The property's position in the names table, DYN_KEY_UNKNOWN for another string (a method's
   name when assigning), DYN_KEY_NOT_STRING for any other key. A method is pushed and
   reported as DYN_KEY_METHOD (reads only). */
#define DYN_KEY_METHOD (-3)
static int dyn_property_key(lua_State *L, const DynPropertyAccess *pa, int methods) {
    if (lua_type(L, 2) != LUA_TSTRING) return DYN_KEY_NOT_STRING;
    int found = dyn_fast_find(pa, lua_tostring(L, 2));
    if (found >= 0) return found;
    if (found <= DYN_FAST_METHOD) {
        if (!methods) return DYN_KEY_UNKNOWN;
        lua_pushvalue(L, lua_upvalueindex(3 + (DYN_FAST_METHOD - found)));
        return DYN_KEY_METHOD;
    }
    lua_pushvalue(L, 2);
    int t = lua_rawget(L, lua_upvalueindex(1));
    if (t == LUA_TNUMBER) {
        int key = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
        return key;
    }
    if (t == LUA_TFUNCTION && methods) return DYN_KEY_METHOD;
    lua_pop(L, 1);
    return DYN_KEY_UNKNOWN;
}

static int dyn_property_call(lua_State *L, const DynPropertyAccess *pa, int key, int assign) {
    void *handle = NULL;
    if (lua_getmetatable(L, 1)) {
        if (lua_topointer(L, -1) == pa->metatable) handle = lua_touserdata(L, 1);
        lua_pop(L, 1);
    }
    DynAllocState *st = dyn_host_begin(L, pa->st);
    return dyn_host_end(L, st, pa->fn(L, pa->context, handle, key, assign));
}

static int dyn_index_dispatch(lua_State *L) {
    lua_settop(L, 2);
    const DynPropertyAccess *pa = (const DynPropertyAccess *)lua_touserdata(L, lua_upvalueindex(2));
    int key = dyn_property_key(L, pa, 1);
    if (key == DYN_KEY_METHOD) return 1; /* methods are found without entering the host */
    return dyn_property_call(L, pa, key, 0);
}

static int dyn_newindex_dispatch(lua_State *L) {
    lua_settop(L, 3);
    const DynPropertyAccess *pa = (const DynPropertyAccess *)lua_touserdata(L, lua_upvalueindex(2));
    return dyn_property_call(L, pa, dyn_property_key(L, pa, 0), 1);
}

void dyn_lua_set_property_access(lua_State *L, int mt, dyn_lua_property_callback fn, void *context) {
    mt = lua_absindex(L, mt);
    int names = lua_absindex(L, -1);
    luaL_checkstack(L, 260, "property access");
    DynPropertyAccess *pa = (DynPropertyAccess *)lua_newuserdatauv(L, sizeof *pa, 0);
    int access = lua_gettop(L);
    memset(pa, 0, sizeof *pa);
    pa->fn = fn;
    pa->context = context;
    pa->metatable = lua_topointer(L, mt);
    pa->st = dyn_alloc_state(L);
    /* __index's upvalues: names, access, then the methods found by address. */
    lua_pushvalue(L, names);
    lua_pushvalue(L, access);
    int methodCount = 0, stored = 0;
    lua_pushnil(L);
    while (lua_next(L, names) != 0) {
        int isProperty = lua_isinteger(L, -1), isMethod = lua_type(L, -1) == LUA_TFUNCTION;
        if (lua_type(L, -2) == LUA_TSTRING && lua_rawlen(L, -2) <= 40 && stored < DYN_FAST_MAX
            && (isProperty || (isMethod && methodCount < 250))) {
            int value;
            if (isProperty) {
                value = (int)lua_tointeger(L, -1);
                lua_pop(L, 1);
            } else {
                value = DYN_FAST_METHOD - methodCount++;
                lua_insert(L, -2); /* the method stays below the key, as an upvalue */
            }
            const char *text = lua_tostring(L, -1);
            unsigned h = dyn_fast_slot(text);
            while (pa->slotKey[h] != NULL) h = (h + 1) & (DYN_FAST_SLOTS - 1);
            pa->slotKey[h] = text;
            pa->slotValue[h] = value;
            stored++;
        } else {
            lua_pop(L, 1);
        }
    }
    lua_pushcclosure(L, dyn_index_dispatch, 2 + methodCount);
    lua_pushstring(L, "__index");
    lua_insert(L, -2);
    lua_rawset(L, mt);
    lua_pushcclosure(L, dyn_newindex_dispatch, 2); /* pops names and access */
    lua_pushstring(L, "__newindex");
    lua_insert(L, -2);
    lua_rawset(L, mt);
}

/* Pushes the key "x" (which 0) or "y" (which 1): from the registry (an array read) in a
   state of ours, rather than by name, which lua_pushstring finds in Lua's string cache by
   address and then confirms with strcmp. */
static void dyn_push_xy_key(lua_State *L, const DynAllocState *st, int which) {
    if (st != NULL) lua_rawgeti(L, LUA_REGISTRYINDEX, which == 0 ? st->keyX : st->keyY);
    else lua_pushstring(L, which == 0 ? "x" : "y");
}

/* Pushes the key "x" (which 0) or "y" (which 1), or `text` for other names. */
static void dyn_push_key(lua_State *L, const char *text, int which) {
    if (text != NULL) lua_pushstring(L, text);
    else dyn_push_xy_key(L, dyn_alloc_state(L), which);
}

void dyn_lua_pushxy(lua_State *L, double x, double y) {
    lua_createtable(L, 0, 2); /* no metatable: raw sets */
    const DynAllocState *st = dyn_alloc_state(L);
    dyn_push_xy_key(L, st, 0);
    lua_pushnumber(L, x);
    lua_rawset(L, -3);
    dyn_push_xy_key(L, st, 1);
    lua_pushnumber(L, y);
    lua_rawset(L, -3);
}

int dyn_lua_toxy(lua_State *L, int idx, const char *kx, const char *ky, double *out) {
    if (lua_type(L, idx) != LUA_TTABLE) return 0;
    idx = lua_absindex(L, idx);
    int top = lua_gettop(L), ok = 1, listed = 0;
    for (int k = 0; k < 2 && ok; k++) {
        int t = lua_rawgeti(L, idx, k + 1);
        if (t == LUA_TNIL) {
            dyn_push_key(L, k == 0 ? kx : ky, k);
            t = lua_rawget(L, idx);
        } else {
            listed = 1;
        }
        out[k] = t == LUA_TNUMBER ? (double)lua_tonumber(L, -1) : 0;
        ok = t == LUA_TNUMBER && isfinite(out[k]);
    }
    /* A list of three or more values is no vector ({1, 2, 3}): the caller says so. */
    if (ok && listed) ok = lua_rawgeti(L, idx, 3) == LUA_TNIL;
    lua_settop(L, top);
    return ok;
}

void *dyn_lua_touserdata_with(lua_State *L, int idx, const void *metatable) {
    void *u = NULL;
    idx = lua_absindex(L, idx);
    if (metatable != NULL && lua_type(L, idx) == LUA_TUSERDATA && lua_getmetatable(L, idx)) {
        if (lua_topointer(L, -1) == metatable) u = lua_touserdata(L, idx);
        lua_pop(L, 1);
    }
    return u;
}

void *dyn_lua_touserdata_among(lua_State *L, int idx, const void *const *metatables, size_t n, size_t *which) {
    void *u = NULL;
    idx = lua_absindex(L, idx);
    if (lua_type(L, idx) == LUA_TUSERDATA && lua_getmetatable(L, idx)) {
        const void *mt = lua_topointer(L, -1);
        lua_pop(L, 1);
        for (size_t i = 0; i < n; i++) {
            if (metatables[i] == mt) {
                u = lua_touserdata(L, idx);
                if (which != NULL) *which = i;
                break;
            }
        }
    }
    return u;
}

int dyn_lua_tonumbers(lua_State *L, int idx, int n, double *out) {
    idx = lua_absindex(L, idx);
    for (int k = 0; k < n; k++) {
        if (lua_type(L, idx + k) != LUA_TNUMBER) return 0;
        out[k] = (double)lua_tonumber(L, idx + k);
        if (!isfinite(out[k])) return 0;
    }
    return 1;
}

int dyn_lua_list_is(lua_State *L, int idx, const void *const DYN_NULLABLE *DYN_NULLABLE expected, size_t n) {
    if (lua_type(L, idx) != LUA_TTABLE || lua_rawlen(L, idx) != n) return 0;
    idx = lua_absindex(L, idx);
    for (size_t i = 0; i < n; i++) {
        lua_rawgeti(L, idx, (lua_Integer)i + 1);
        const void *p = lua_touserdata(L, -1);
        lua_pop(L, 1);
        if (p == NULL || p != expected[i]) return 0;
    }
    return 1;
}

void dyn_lua_pushwhere(lua_State *L, int level) {
    luaL_where(L, level);
}

int dyn_lua_ref(lua_State *L) {
    return luaL_ref(L, LUA_REGISTRYINDEX);
}

void dyn_lua_unref(lua_State *L, int ref) {
    luaL_unref(L, LUA_REGISTRYINDEX, ref);
}

void dyn_lua_getref(lua_State *L, int ref) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
}

const char *dyn_lua_function_location(lua_State *L, int idx) {
    lua_Debug ar;
    lua_pushvalue(L, idx);
    if (!lua_getinfo(L, ">S", &ar)) return NULL;
    lua_pushfstring(L, "%s:%d", ar.short_src, ar.linedefined);
    const char *s = lua_tostring(L, -1);
    lua_pop(L, 1); /* the string stays alive: it is also interned until collected; copy at once */
    return s;
}

/* ---- Batched field evaluation -------------------------------------------- */

typedef struct {
    int fnRef, selfRef, posRef, velRef;
    const double *samples; /* n × {px, py, vx, vy, mass, charge} */
    size_t n;
    double *out;           /* n × {fx, fy} */
    double time;
} DynFieldBatch;

/* Pushes and returns a short description of a field's result for its error message: a
   number as Lua prints it (NaN as "NaN": C prints Lua's 0/0 as "-nan"), nil and booleans
   by value, anything else by its type alone. No metamethod runs (a script's __tostring
   would run inside the host's error path) and no text of the script's reaches the message
   (a string with newlines would forge output lines). */
static const char *dyn_describe_result(lua_State *L, int idx) {
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx)) return lua_pushfstring(L, "%I", (LUAI_UACINT)lua_tointeger(L, idx));
        if (lua_tonumber(L, idx) != lua_tonumber(L, idx)) return lua_pushliteral(L, "NaN");
        return lua_pushfstring(L, "%f", lua_tonumber(L, idx));
    case LUA_TNIL: return lua_pushliteral(L, "nil");
    case LUA_TBOOLEAN: return lua_pushstring(L, lua_toboolean(L, idx) ? "true" : "false");
    default: return lua_pushfstring(L, "a %s", luaL_typename(L, idx));
    }
}

static int dyn_field_loop(lua_State *L) {
    DynFieldBatch *b = (DynFieldBatch *)lua_touserdata(L, 1);
    lua_settop(L, 0);
    luaL_checkstack(L, 12, "field evaluation");
    lua_pushnil(L);                                /* 1, 2: unused */
    lua_pushnil(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, b->posRef);  /* 3 */
    lua_rawgeti(L, LUA_REGISTRYINDEX, b->velRef);  /* 4 */
    lua_rawgeti(L, LUA_REGISTRYINDEX, b->fnRef);   /* 5 */
    if (b->selfRef != 0) lua_rawgeti(L, LUA_REGISTRYINDEX, b->selfRef); else lua_pushnil(L); /* 6 */
    lua_pushliteral(L, "x");                       /* 7, 8: the keys, so refills are raw sets */
    lua_pushliteral(L, "y");
    int self = b->selfRef != 0;
    /* Only the arguments the function declares are filled and passed (a vararg function
       gets them all): a field of (position) alone costs no velocity refill. */
    lua_Debug ar;
    lua_pushvalue(L, 5);
    int declared = lua_getinfo(L, ">u", &ar) ? (ar.isvararg ? 6 : ar.nparams) : 6;
    int wanted = declared - self; /* of position, velocity, mass, charge, time */
    if (wanted > 5) wanted = 5;
    if (wanted < 0) wanted = 0;
    int nargs = self + wanted;
    /* The tables' "x"/"y" slots are written directly while they keep their shape (see
       table_slots.h); a table the script reshaped is refilled through the API and relocated. */
    DynXYSlots slots[2];
    for (int k = 0; k < 2; k++) {
        if (wanted > k) dyn_slots_locate(L, 3 + k, 7, 8, &slots[k]);
    }
    for (size_t i = 0; i < b->n; i++) {
        const double *s = b->samples + 6 * i;
        for (int k = 0; k < 2 && k < wanted; k++) {
            if (dyn_slots_set(&slots[k], s[2 * k], s[2 * k + 1])) continue;
            /* Reshaped by the script since: locate again (once it fails, the API refills). */
            if (slots[k].table != NULL && dyn_slots_locate(L, 3 + k, 7, 8, &slots[k])
                && dyn_slots_set(&slots[k], s[2 * k], s[2 * k + 1])) continue;
            lua_pushvalue(L, 7); lua_pushnumber(L, s[2 * k]); lua_rawset(L, 3 + k);
            lua_pushvalue(L, 8); lua_pushnumber(L, s[2 * k + 1]); lua_rawset(L, 3 + k);
        }
        lua_pushvalue(L, 5);
        if (self) lua_pushvalue(L, 6);
        if (wanted >= 1) lua_pushvalue(L, 3);
        if (wanted >= 2) lua_pushvalue(L, 4);
        if (wanted >= 3) lua_pushnumber(L, s[4]);
        if (wanted >= 4) lua_pushnumber(L, s[5]);
        if (wanted >= 5) lua_pushnumber(L, b->time);
        lua_call(L, nargs, LUA_MULTRET);
        /* A field that returns nothing exerts no force there (DESIGN's plugin template has
           `field = function(...) end`); anything it returns must be two finite numbers. */
        int top = lua_gettop(L);
        if (top == 8) { b->out[2 * i] = 0; b->out[2 * i + 1] = 0; continue; }
        if (top < 10) lua_settop(L, 10);
        int okx = 0, oky = 0;
        double fx = (double)lua_tonumberx(L, 9, &okx), fy = (double)lua_tonumberx(L, 10, &oky);
        /* The model's limit on any force (Limits.magnitude in Swift): 1e9 UIKit Newtons. */
        if (!okx || !oky || !(fx >= -1e9 && fx <= 1e9) || !(fy >= -1e9 && fy <= 1e9)) {
            lua_Debug ar;
            lua_pushvalue(L, 5);
            lua_getinfo(L, ">S", &ar);
            const char *sx = dyn_describe_result(L, 9), *sy = dyn_describe_result(L, 10);
            /* A C function (evaluate = rawequal) has no file:line of its own. */
            if (ar.what[0] == 'C') {
                return luaL_error(L, "the field (a C function) must return two finite numbers within ±1e9 (fx, fy), got %s, %s", sx, sy);
            }
            return luaL_error(L, "%s:%d: the field must return two finite numbers within ±1e9 (fx, fy), got %s, %s",
                              ar.short_src, ar.linedefined, sx, sy);
        }
        b->out[2 * i] = fx;
        b->out[2 * i + 1] = fy;
        lua_settop(L, 8);
    }
    return 0;
}

int dyn_lua_eval_field(lua_State *L, int fnRef, int selfRef, int posRef, int velRef,
                       const double *samples, size_t n, double *out, double time) {
    DynFieldBatch b = { fnRef, selfRef, posRef, velRef, samples, n, out, time };
    if (!lua_checkstack(L, 3)) return LUA_ERRMEM;
    int base = lua_gettop(L);
    lua_pushcfunction(L, dyn_traceback);
    lua_pushcfunction(L, dyn_field_loop);
    lua_pushlightuserdata(L, &b);
    int status = dyn_lua_pcall(L, 1, 0, base + 1);
    if (status != LUA_OK) {
        lua_remove(L, base + 1); /* keep the message */
        return status;
    }
    lua_settop(L, base);
    return LUA_OK;
}

int dyn_lua_bench_bare_loop(lua_State *L, int fnRef, size_t n) {
    for (size_t i = 0; i < n; i++) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, fnRef);
        lua_pushnumber(L, (double)i);
        lua_pushnumber(L, 1.0);
        lua_pushnumber(L, 2.0);
        lua_pushnumber(L, 3.0);
        lua_pushnumber(L, 4.0);
        int status = lua_pcall(L, 5, 2, 0);
        if (status != LUA_OK) { lua_pop(L, 1); return status; }
        lua_pop(L, 2);
    }
    return LUA_OK;
}

static void dyn_noop_hook(lua_State *L, lua_Debug *ar) { (void)L; (void)ar; }

void dyn_lua_set_noop_hook(lua_State *L, int on) {
    if (on) lua_sethook(L, dyn_noop_hook, LUA_MASKCOUNT, 1000000);
    else lua_sethook(L, NULL, 0, 0);
}
