/*
 * table_slots.h: direct writes to the two number slots of a field's argument table.
 *
 * A custom field is called once per item with the same two tables, `position` and
 * `velocity`, refilled before each call. Through the public API a refill is a hash lookup
 * inside three library calls per key (push key, push number, lua_rawset): about 13 ns per
 * table, a third of what the whole call costs. The slots of "x" and "y" do not move between
 * calls unless the script reshapes the table, so the field loop locates them once and then
 * writes the two numbers straight into them.
 *
 * The trade-off is knowing Lua 5.4's private layout of a table, its hash nodes and a short
 * string (lobject.h, which Debian's liblua5.4-dev does not ship). It is made safe by checking,
 * not trusting:
 *   - locating: the table's own type tag, a key that is the very short string "x" (by address,
 *     with the string's tag and length), and the sentinel numbers just stored through the API
 *     must all be found where the layout says; otherwise the slots are not used at all and
 *     every refill goes through the API (a different Lua build costs speed, never memory);
 *   - before every write: the table's node array and its size are the ones located, and the
 *     node still holds the key "x" (resp. "y"), so a script that added keys (a rehash), removed
 *     "x" or replaced the table's contents sends that refill through the API and relocates.
 * Storing a number needs no GC barrier (numbers are not collectable), and "x"/"y" are not
 * metamethod names, so the table's metamethod cache stays valid: the write is exactly what
 * lua_rawset does for a key that is present.
 */
#ifndef DYNAMICS_CLUASHIM_TABLE_SLOTS_H
#define DYNAMICS_CLUASHIM_TABLE_SLOTS_H

#include "dyn_internal.h"

#include <stddef.h>

/* Lua 5.4's lobject.h, the parts read here (unchanged from 5.4.0 to 5.4.7). */
typedef union { void *gc; lua_Number n; lua_Integer i; } DynValue;
typedef union {
    struct { DynValue value; unsigned char tt; unsigned char key_tt; int next; DynValue key_val; } u;
    struct { DynValue value; unsigned char tt; } i_val;
} DynNode;
typedef struct {
    void *next; unsigned char tt, marked, flags, lsizenode; unsigned int alimit;
    void *array; DynNode *node; DynNode *lastfree; void *metatable; void *gclist;
} DynTable;
typedef struct {
    void *next; unsigned char tt, marked, extra, shrlen; unsigned int hash;
    union { size_t lnglen; void *hnext; } u;
    char contents[1];
} DynShortString;

enum {
    DYN_TAG_TABLE = 5,          /* LUA_VTABLE */
    DYN_TAG_SHORT_STRING = 4,   /* LUA_VSHRSTR */
    DYN_TAG_KEY_SHORT = 4 | 64, /* ctb(LUA_VSHRSTR): a collectable short string key */
    DYN_TAG_FLOAT = 3 | 16,     /* LUA_VNUMFLT */
    DYN_MAX_NODES = 64          /* a table bigger than this is not searched */
};

_Static_assert(sizeof(DynNode) == 24, "Lua 5.4 hash node layout");

/* The located slots of one table's "x" and "y" (table == NULL: not located). */
typedef struct {
    const DynTable *table;
    const DynNode *node;
    unsigned char lsizenode;
    DynNode *x, *y;
    const void *keyX, *keyY;
} DynXYSlots;

/* Locates the slots of the keys at keyX and keyY (the short strings "x" and "y") in the
   table at `table`, storing sentinels through the API first. Returns 1 if every check held;
   else 0 and s->table is NULL (refill through the API). Runs no Lua code. */
int dyn_slots_locate(lua_State *L, int table, int keyX, int keyY, DynXYSlots *s);

/* Writes x and y into the located slots if the table still has them there; returns 0
   (writing nothing) if it changed shape since, and the caller refills through the API. */
static inline int dyn_slots_set(DynXYSlots *s, double x, double y) {
    const DynTable *t = s->table;
    DynNode *nx = s->x, *ny = s->y;
    if (t == NULL || t->node != s->node || t->lsizenode != s->lsizenode
        || nx->u.key_tt != DYN_TAG_KEY_SHORT || nx->u.key_val.gc != s->keyX
        || ny->u.key_tt != DYN_TAG_KEY_SHORT || ny->u.key_val.gc != s->keyY) {
        return 0;
    }
    nx->u.value.n = x; nx->u.tt = DYN_TAG_FLOAT;
    ny->u.value.n = y; ny->u.tt = DYN_TAG_FLOAT;
    return 1;
}

#endif
