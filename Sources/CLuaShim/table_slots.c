/* Locating a field argument table's "x" and "y" slots: see table_slots.h. */
/* Floating-point contraction off: a*b + c stays two roundings, never a fused multiply-add
 * the compiler chose, so results do not depend on the target's FMA (docs/engine.md, "Determinism"). */
#pragma STDC FP_CONTRACT OFF
#include "table_slots.h"

#include <string.h>

/* The short string object behind a string on the stack, or NULL if it is none. */
static const DynShortString *dyn_short_string(lua_State *L, int idx) {
    size_t len = 0;
    const char *s = lua_tolstring(L, idx, &len);
    if (s == NULL || len != 1) return NULL;
    const DynShortString *ts = (const DynShortString *)(s - offsetof(DynShortString, contents));
    return ts->tt == DYN_TAG_SHORT_STRING && ts->shrlen == 1 ? ts : NULL;
}

static DynNode *dyn_find_slot(const DynTable *t, const void *key, double sentinel) {
    size_t size = (size_t)1 << t->lsizenode;
    for (size_t i = 0; i < size; i++) {
        DynNode *n = &t->node[i];
        if (n->u.key_tt == DYN_TAG_KEY_SHORT && n->u.key_val.gc == key) {
            return n->u.tt == DYN_TAG_FLOAT && n->u.value.n == sentinel ? n : NULL;
        }
    }
    return NULL;
}

int dyn_slots_locate(lua_State *L, int table, int keyX, int keyY, DynXYSlots *s) {
    memset(s, 0, sizeof *s);
    table = lua_absindex(L, table);
    keyX = lua_absindex(L, keyX);
    keyY = lua_absindex(L, keyY);
    if (lua_type(L, table) != LUA_TTABLE) return 0;
    const DynShortString *kx = dyn_short_string(L, keyX), *ky = dyn_short_string(L, keyY);
    if (kx == NULL || ky == NULL) return 0;
    /* Sentinels no script computes by chance in between (this runs with no Lua code). */
    const double sx = 0x1.5p-1000, sy = 0x1.9p-1000;
    lua_pushvalue(L, keyX); lua_pushnumber(L, sx); lua_rawset(L, table);
    lua_pushvalue(L, keyY); lua_pushnumber(L, sy); lua_rawset(L, table);
    DynTable *t = (DynTable *)lua_topointer(L, table);
    if (t == NULL || t->tt != DYN_TAG_TABLE || t->node == NULL || ((size_t)1 << t->lsizenode) > DYN_MAX_NODES) return 0;
    DynNode *x = dyn_find_slot(t, kx, sx), *y = dyn_find_slot(t, ky, sy);
    if (x == NULL || y == NULL || x == y) return 0;
    s->table = t; s->node = t->node; s->lsizenode = t->lsizenode;
    s->x = x; s->y = y; s->keyX = kx; s->keyY = ky;
    return 1;
}

