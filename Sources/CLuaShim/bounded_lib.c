/*
 * Bounded versions of the standard library functions whose C running time a
 * script controls without allocating in proportion (so the memory cap does not
 * bound them), and which the instruction hook cannot see because no Lua
 * instruction runs while they work:
 *
 *   string.find, match, gmatch, gsub   our own Lua 5.4 pattern matcher
 *   string.rep                         empty results at once, allocation first
 *   table.insert, remove, move,        the same loops as 5.4 (through lua_geti /
 *         concat, unpack, sort         lua_seti, so metamethods apply)
 *   load                               text handed to the parser in pieces
 *
 * Each has exactly Lua 5.4's semantics and messages (checked by the differential
 * tests in BoundedLibTests.swift) and calls dyn_budget_poll every few thousand
 * units of work, so a call that is over its budget stops within microseconds.
 * A poll is a pointer comparison and a load: healthy calls do not notice it.
 *
 * The rest of the library the sandbox exposes is bounded already; see the
 * audit at the end of this file.
 */
#define _GNU_SOURCE /* memmem */
/* Floating-point contraction off: a*b + c stays two roundings, never a fused multiply-add
 * the compiler chose, so results do not depend on the target's FMA (docs/engine.md, "Determinism"). */
#pragma STDC FP_CONTRACT OFF
#include "dyn_internal.h"

#include <ctype.h>
#include <limits.h>
#include <string.h>

#define uchar(c) ((unsigned char)(c))

/* Units of work between two polls. A unit is one pattern item, one character
   scanned or one table access: a few nanoseconds each. */
#define POLL_UNITS 4096u
#define POLL_MASK 1023 /* table loops: poll when (i & POLL_MASK) == 0 */

/* ======================================================================
 * Lua patterns
 *
 * A backtracking matcher over the pattern text, as the reference manual
 * describes it (§6.4.1). Backtracking recurses at the same constructs as Lua's
 * own (captures, '?', '*', '+', '-'), so the recursion limit of 200 and the
 * capture limit of 32 fail on the same patterns with the same messages.
 * ====================================================================== */

#define PM_MAXCAPTURES 32   /* LUA_MAXCAPTURES */
#define PM_MAXDEPTH 200     /* recursion limit of Lua's matcher */
#define CAP_UNFINISHED (-1) /* capture opened, not closed yet */
#define CAP_POSITION (-2)   /* "()" captures a position */

typedef struct {
    lua_State *L;
    const char *src, *src_end; /* subject */
    const char *pat_end;
    int depth;                 /* recursion still allowed */
    int level;                 /* captures opened so far */
    size_t work;               /* units left before the next poll */
    struct {
        const char *init;
        ptrdiff_t len; /* or CAP_UNFINISHED / CAP_POSITION */
    } cap[PM_MAXCAPTURES];
} Matcher;

static void pm_init(Matcher *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    m->L = L;
    m->src = s;
    m->src_end = s + ls;
    m->pat_end = p + lp;
    m->work = POLL_UNITS;
}

/* Before each match attempt from a new position. */
static void pm_reset(Matcher *m) {
    m->depth = PM_MAXDEPTH;
    m->level = 0;
}

static void pm_poll(Matcher *m) {
    m->work = POLL_UNITS;
    dyn_budget_poll(m->L);
}

static void pm_charge(Matcher *m, size_t units) {
    if (units < m->work) m->work -= units;
    else pm_poll(m);
}

/* Strings handed to us by Lua end with a '\0' past their length, so reading
   p[0] at pat_end (or p[1] just before it) is safe and yields 0. */

/* The end of the single-character class starting at p ("x", "%x", "[...]"). */
static const char *pm_class_end(Matcher *m, const char *p) {
    switch (*p++) {
    case '%':
        if (p >= m->pat_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    case '[':
        if (*p == '^') p++;
        do { /* the first character of a set is literal, even ']' */
            if (p >= m->pat_end) luaL_error(m->L, "malformed pattern (missing ']')");
            if (*p++ == '%' && p < m->pat_end) p++;
        } while (*p != ']');
        return p + 1;
    default:
        return p;
    }
}

/* c in class %cl (cl a class letter, upper case for the complement; else the literal cl). */
static int pm_in_class(int c, int cl) {
    int in;
    switch (tolower(cl)) {
    case 'a': in = isalpha(c); break;
    case 'c': in = iscntrl(c); break;
    case 'd': in = isdigit(c); break;
    case 'g': in = isgraph(c); break;
    case 'l': in = islower(c); break;
    case 'p': in = ispunct(c); break;
    case 's': in = isspace(c); break;
    case 'u': in = isupper(c); break;
    case 'w': in = isalnum(c); break;
    case 'x': in = isxdigit(c); break;
    case 'z': in = c == 0; break; /* undocumented, kept from Lua 5.1 */
    default: return cl == c;
    }
    return isupper(cl) ? !in : in != 0;
}

/* c in the set [ ... ] from p (at '[') to last (at its ']'). */
static int pm_in_set(int c, const char *p, const char *last) {
    int hit = 1;
    if (*++p == '^') {
        hit = 0;
        p++;
    }
    for (; p < last; p++) {
        if (*p == '%') {
            p++;
            if (pm_in_class(c, uchar(*p))) return hit;
        } else if (p[1] == '-' && p + 2 < last) {
            if (uchar(p[0]) <= c && c <= uchar(p[2])) return hit;
            p += 2;
        } else if (uchar(*p) == c) {
            return hit;
        }
    }
    return !hit;
}

/* Does the character at s match the class [p, ep)? */
static int pm_single(const Matcher *m, const char *s, const char *p, const char *ep) {
    if (s >= m->src_end) return 0;
    int c = uchar(*s);
    switch (*p) {
    case '.': return 1;
    case '%': return pm_in_class(c, uchar(p[1]));
    case '[': return pm_in_set(c, p, ep - 1);
    default: return uchar(*p) == c;
    }
}

static const char *pm_match(Matcher *m, const char *s, const char *p);

/* Greedy: the longest run of the class from s, then shorter ones. */
static const char *pm_max_expand(Matcher *m, const char *s, const char *p, const char *ep) {
    size_t n = 0;
    while (pm_single(m, s + n, p, ep)) n++;
    pm_charge(m, n);
    for (;;) {
        const char *r = pm_match(m, s + n, ep + 1);
        if (r != NULL || n == 0) return r;
        n--;
    }
}

/* Lazy: the shortest run that lets the rest match. */
static const char *pm_min_expand(Matcher *m, const char *s, const char *p, const char *ep) {
    for (;;) {
        const char *r = pm_match(m, s, ep + 1);
        if (r != NULL) return r;
        if (!pm_single(m, s, p, ep)) return NULL;
        s++;
    }
}

static const char *pm_open_capture(Matcher *m, const char *s, const char *p, ptrdiff_t what) {
    if (m->level >= PM_MAXCAPTURES) luaL_error(m->L, "too many captures");
    m->cap[m->level].init = s;
    m->cap[m->level].len = what;
    m->level++;
    const char *r = pm_match(m, s, p);
    if (r == NULL) m->level--;
    return r;
}

static const char *pm_close_capture(Matcher *m, const char *s, const char *p) {
    int l = m->level - 1;
    while (l >= 0 && m->cap[l].len != CAP_UNFINISHED) l--;
    if (l < 0) luaL_error(m->L, "invalid pattern capture");
    m->cap[l].len = s - m->cap[l].init;
    const char *r = pm_match(m, s, p);
    if (r == NULL) m->cap[l].len = CAP_UNFINISHED;
    return r;
}

/* %bxy at s (p points at x). */
static const char *pm_balance(Matcher *m, const char *s, const char *p) {
    if (p + 1 >= m->pat_end) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m->src_end || *s != p[0]) return NULL;
    const char *from = s;
    long open = 1;
    while (++s < m->src_end) {
        if (*s == p[1]) { /* the closer is tested first: %bxx pairs neighbours */
            if (--open == 0) break;
        } else if (*s == p[0]) {
            open++;
        }
    }
    pm_charge(m, (size_t)(s - from));
    return s < m->src_end ? s + 1 : NULL;
}

/* %1-%9 at s: the same text as the (closed) capture. */
static const char *pm_back_reference(Matcher *m, const char *s, int digit) {
    int l = digit - '1';
    if (l < 0 || l >= m->level || m->cap[l].len == CAP_UNFINISHED)
        luaL_error(m->L, "invalid capture index %%%d", l + 1);
    /* A position capture has a negative length: it never matches. */
    size_t len = (size_t)m->cap[l].len;
    if ((size_t)(m->src_end - s) < len) return NULL;
    pm_charge(m, len);
    return memcmp(m->cap[l].init, s, len) == 0 ? s + len : NULL;
}

/* Matches the pattern from p against the subject from s; returns the end of
   the match or NULL. Items that cannot backtrack loop; the others recurse. */
static const char *pm_match(Matcher *m, const char *s, const char *p) {
    if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
    for (;;) {
        if (--m->work == 0) pm_poll(m);
        if (p == m->pat_end) break;
        switch (*p) {
        case '(':
            if (p[1] == ')') s = pm_open_capture(m, s, p + 2, CAP_POSITION);
            else s = pm_open_capture(m, s, p + 1, CAP_UNFINISHED);
            goto done;
        case ')':
            s = pm_close_capture(m, s, p + 1);
            goto done;
        case '$':
            if (p + 1 != m->pat_end) break; /* a literal '$' */
            if (s != m->src_end) s = NULL;
            goto done;
        case '%':
            switch (p[1]) {
            case 'b':
                s = pm_balance(m, s, p + 2);
                if (s == NULL) goto done;
                p += 4;
                continue;
            case 'f': {
                p += 2;
                if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
                const char *ep = pm_class_end(m, p);
                int before = s == m->src ? 0 : uchar(s[-1]);
                int here = s < m->src_end ? uchar(*s) : 0;
                if (pm_in_set(before, p, ep - 1) || !pm_in_set(here, p, ep - 1)) {
                    s = NULL;
                    goto done;
                }
                p = ep;
                continue;
            }
            case '0': case '1': case '2': case '3': case '4':
            case '5': case '6': case '7': case '8': case '9':
                s = pm_back_reference(m, s, uchar(p[1]));
                if (s == NULL) goto done;
                p += 2;
                continue;
            default:
                break;
            }
            break;
        default:
            break;
        }
        /* A single-character class, maybe followed by a quantifier. */
        const char *ep = pm_class_end(m, p);
        if (!pm_single(m, s, p, ep)) {
            if (*ep == '*' || *ep == '?' || *ep == '-') { /* zero repetitions are fine */
                p = ep + 1;
                continue;
            }
            s = NULL;
            goto done;
        }
        switch (*ep) {
        case '?': {
            const char *r = pm_match(m, s + 1, ep + 1);
            if (r != NULL) {
                s = r;
                goto done;
            }
            p = ep + 1;
            continue;
        }
        case '+': s = pm_max_expand(m, s + 1, p, ep); goto done;
        case '*': s = pm_max_expand(m, s, p, ep); goto done;
        case '-': s = pm_min_expand(m, s, p, ep); goto done;
        default:
            s++;
            p = ep;
            continue;
        }
    }
done:
    m->depth++;
    return s;
}

/* Capture i of a match [s, e): its text in *cap and length, or, for a position
   capture, CAP_POSITION with the position pushed. Capture 0 without captures
   is the whole match. */
static ptrdiff_t pm_capture(Matcher *m, int i, const char *s, const char *e, const char **cap) {
    if (i >= m->level) {
        if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
        *cap = s;
        return e - s;
    }
    ptrdiff_t len = m->cap[i].len;
    *cap = m->cap[i].init;
    if (len == CAP_UNFINISHED) luaL_error(m->L, "unfinished capture");
    if (len == CAP_POSITION) lua_pushinteger(m->L, (m->cap[i].init - m->src) + 1);
    return len;
}

static void pm_push_capture(Matcher *m, int i, const char *s, const char *e) {
    const char *cap;
    ptrdiff_t len = pm_capture(m, i, s, e, &cap);
    if (len != CAP_POSITION) lua_pushlstring(m->L, cap, (size_t)len);
}

/* Pushes the captures (or the whole match when there are none and s is not
   NULL); returns how many. */
static int pm_push_captures(Matcher *m, const char *s, const char *e) {
    int n = (m->level == 0 && s != NULL) ? 1 : m->level;
    luaL_checkstack(m->L, n, "too many captures");
    for (int i = 0; i < n; i++) pm_push_capture(m, i, s, e);
    return n;
}

/* ======================================================================
 * string.find, match, gmatch, gsub
 * ====================================================================== */

/* A 1-based, possibly negative start position, clipped to [1, len + 1]
   from below (a start past the end is the caller's business). */
static size_t start_position(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos;
    if (pos == 0 || pos < -(lua_Integer)len) return 1;
    return len + (size_t)pos + 1;
}

static int has_specials(const char *p, size_t lp) {
    static const char specials[] = "^$*+?.([%-";
    for (size_t i = 0; i < lp; i++) {
        if (memchr(specials, p[i], sizeof specials - 1) != NULL) return 1;
    }
    return 0;
}

/* Plain search: glibc's memmem is linear (two-way), but 16 MB still take tens
   of milliseconds, so the haystack is searched in windows with a poll in
   between. A window spans at least the needle, so the overlap costs at most
   a factor of two. */
#define FIND_WINDOW ((size_t)1 << 20)

/* Needles this short are found with memchr and memcmp, as Lua does: memmem's
   set-up costs more than the search in the short subjects scripts usually
   search, and the worst case is still linear (SHORT_NEEDLE bytes compared
   per position). */
#define SHORT_NEEDLE 8

/* The first occurrence of n in h (1 <= ln <= lh). */
static const char *search(const char *h, size_t lh, const char *n, size_t ln) {
    if (ln > SHORT_NEEDLE) return memmem(h, lh, n, ln);
    const char *last = h + (lh - ln); /* the last possible start */
    while (h <= last && (h = memchr(h, n[0], (size_t)(last - h) + 1)) != NULL) {
        if (memcmp(h + 1, n + 1, ln - 1) == 0) return h;
        h++;
    }
    return NULL;
}

static const char *plain_find(lua_State *L, const char *h, size_t lh, const char *n, size_t ln) {
    if (ln == 0) return h;
    if (ln > lh) return NULL;
    size_t step = ln > FIND_WINDOW ? ln : FIND_WINDOW;
    for (size_t at = 0; at + ln <= lh; at += step) {
        size_t span = lh - at < step + ln - 1 ? lh - at : step + ln - 1;
        const char *hit = search(h + at, span, n, ln);
        if (hit != NULL) return hit;
        dyn_budget_poll(L);
    }
    return NULL;
}

static int find_aux(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_position(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) {
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
        const char *hit = plain_find(L, s + init, ls - init, p, lp);
        if (hit != NULL) {
            lua_pushinteger(L, (hit - s) + 1);
            lua_pushinteger(L, (lua_Integer)((size_t)(hit - s) + lp));
            return 2;
        }
    } else {
        Matcher m;
        const char *from = s + init;
        int anchor = *p == '^';
        if (anchor) {
            p++;
            lp--;
        }
        pm_init(&m, L, s, ls, p, lp);
        do {
            pm_reset(&m);
            const char *e = pm_match(&m, from, p);
            if (e != NULL) {
                if (!find) return pm_push_captures(&m, from, e);
                lua_pushinteger(L, (from - s) + 1);
                lua_pushinteger(L, e - s);
                return pm_push_captures(&m, NULL, NULL) + 2;
            }
        } while (from++ < m.src_end && !anchor);
    }
    luaL_pushfail(L);
    return 1;
}

static int b_find(lua_State *L) { return find_aux(L, 1); }
static int b_match(lua_State *L) { return find_aux(L, 0); }

/* gmatch's iterator. Upvalues: subject, pattern, and a userdata with where the
   next search starts and where the last match ended (an empty match there is
   skipped, as in gsub). */
typedef struct {
    size_t next;
    size_t last_end; /* SIZE_MAX before the first match */
} GmatchState;

static int gmatch_step(lua_State *L) {
    size_t ls, lp;
    const char *s = lua_tolstring(L, lua_upvalueindex(1), &ls);
    const char *p = lua_tolstring(L, lua_upvalueindex(2), &lp);
    GmatchState *g = (GmatchState *)lua_touserdata(L, lua_upvalueindex(3));
    Matcher m;
    pm_init(&m, L, s, ls, p, lp);
    for (size_t at = g->next; at <= ls; at++) {
        pm_reset(&m);
        const char *e = pm_match(&m, s + at, p);
        if (e != NULL && (size_t)(e - s) != g->last_end) {
            g->next = g->last_end = (size_t)(e - s);
            return pm_push_captures(&m, s + at, e);
        }
    }
    g->next = ls + 1;
    return 0;
}

static int b_gmatch(lua_State *L) {
    size_t ls;
    luaL_checklstring(L, 1, &ls);
    luaL_checkstring(L, 2);
    size_t init = start_position(luaL_optinteger(L, 3, 1), ls) - 1;
    lua_settop(L, 2); /* the strings (numbers converted) become upvalues */
    GmatchState *g = (GmatchState *)lua_newuserdatauv(L, sizeof *g, 0);
    g->next = init > ls ? ls + 1 : init;
    g->last_end = (size_t)-1;
    lua_pushcclosure(L, gmatch_step, 3);
    return 1;
}

/* Appends the replacement string (argument 3) for the match [s, e). */
static void gsub_add_string(Matcher *m, luaL_Buffer *b, const char *s, const char *e) {
    lua_State *L = m->L;
    size_t l;
    const char *r = lua_tolstring(L, 3, &l);
    const char *pct;
    while ((pct = memchr(r, '%', l)) != NULL) {
        luaL_addlstring(b, r, (size_t)(pct - r));
        int c = uchar(pct[1]); /* the '\0' terminator when '%' ends the string */
        if (c == '%') {
            luaL_addchar(b, '%');
        } else if (c == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit(c)) {
            const char *cap;
            ptrdiff_t len = pm_capture(m, c - '1', s, e, &cap);
            if (len == CAP_POSITION) luaL_addvalue(b);
            else luaL_addlstring(b, cap, (size_t)len);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", '%');
        }
        l -= (size_t)(pct + 2 - r);
        r = pct + 2;
    }
    luaL_addlstring(b, r, l);
}

/* Appends the replacement for the match [s, e); returns whether it changed
   the text (a table or function answering false or nil keeps the match). */
static int gsub_add_value(Matcher *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
    lua_State *L = m->L;
    if (kind == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = pm_push_captures(m, s, e);
        lua_call(L, n, 1);
    } else if (kind == LUA_TTABLE) {
        pm_push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        gsub_add_string(m, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1))
        return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

static int b_gsub(lua_State *L) {
    size_t ls, lp;
    const char *src = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    int kind = lua_type(L, 3);
    lua_Integer max_n = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION ||
                            kind == LUA_TTABLE,
                     3, "string/function/table");
    const char *last_end = NULL; /* an empty match right after a match is skipped */
    lua_Integer n = 0;
    int changed = 0;
    int anchor = *p == '^';
    if (anchor) {
        p++;
        lp--;
    }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    Matcher m;
    pm_init(&m, L, src, ls, p, lp);
    while (n < max_n) {
        pm_reset(&m);
        const char *e = pm_match(&m, src, p);
        if (e != NULL && e != last_end) {
            n++;
            changed = gsub_add_value(&m, &b, src, e, kind) | changed;
            src = last_end = e;
        } else if (src < m.src_end) {
            luaL_addchar(&b, *src++);
        } else {
            break;
        }
        if (anchor) break;
    }
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, src, (size_t)(m.src_end - src));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, n);
    return 2;
}

/* ======================================================================
 * string.rep
 * ====================================================================== */

/* Bytes copied between two polls. */
#define REP_CHUNK ((size_t)1 << 20)

static int b_rep(lua_State *L) {
    size_t l, lsep;
    const char *s = luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    const char *sep = luaL_optlstring(L, 3, "", &lsep);
    if (n <= 0 || l + lsep == 0) { /* Lua's own loop would run n times for "" */
        lua_pushliteral(L, "");
        return 1;
    }
    /* Lua's string library caps its results at INT_MAX bytes. */
    if (l + lsep < l || l + lsep > (size_t)INT_MAX / (size_t)n)
        return luaL_error(L, "resulting string too large");
    size_t total = (size_t)n * l + (size_t)(n - 1) * lsep;
    /* The whole result is allocated before any copying: past the memory cap
       this fails at once with Lua's own memory error (LUA_ERRMEM, after Lua's
       emergency collection, as Lua's rep). Refusing early on the room left
       under the cap would fail where that collection makes room. */
    luaL_Buffer b;
    char *out = luaL_buffinitsize(L, &b, total);
    /* One period (s .. sep), then copies of what is written so far, doubling
       (few memcpy calls, however short s is); the total leaves the last
       separator out. The result is periodic, so the text at `done` is the
       text at `done % period`, and the copy may take up to the last whole
       period before `done`. */
    size_t period = l + lsep;
    size_t done = l;
    memcpy(out, s, l);
    if (n > 1) {
        memcpy(out + l, sep, lsep);
        done = period;
    }
    while (done < total) {
        size_t from = done % period;
        size_t chunk = total - done;
        if (chunk > done - from) chunk = done - from;
        if (chunk > REP_CHUNK) chunk = REP_CHUNK;
        memcpy(out + done, out + from, chunk);
        done += chunk;
        dyn_budget_poll(L);
    }
    luaL_pushresultsize(&b, total);
    return 1;
}

/* ======================================================================
 * table functions
 * ====================================================================== */

#define TAB_R 1 /* read: __index */
#define TAB_W 2 /* write: __newindex */
#define TAB_L 4 /* length: __len */

static void tick(lua_State *L, lua_Integer i) {
    if ((i & POLL_MASK) == 0) dyn_budget_poll(L);
}

/* A table, or a value whose metatable has every metamethod `what` needs. */
static void check_table(lua_State *L, int arg, int what) {
    if (lua_type(L, arg) == LUA_TTABLE) return;
    int pushed = 0;
    if (lua_getmetatable(L, arg)) {
        pushed = 1;
        static const char *const names[] = {"__index", "__newindex", "__len"};
        int ok = 1;
        for (int k = 0; k < 3 && ok; k++) {
            if (!(what & (1 << k))) continue;
            lua_pushstring(L, names[k]);
            ok = lua_rawget(L, -1 - pushed++) != LUA_TNIL;
        }
        if (ok) {
            lua_pop(L, pushed);
            return;
        }
    }
    luaL_checktype(L, arg, LUA_TTABLE); /* raises the usual message */
}

static lua_Integer table_length(lua_State *L, int arg, int what) {
    check_table(L, arg, what | TAB_L);
    return luaL_len(L, arg);
}

static int t_insert(lua_State *L) {
    lua_Integer end = table_length(L, 1, TAB_R | TAB_W);
    end = (lua_Integer)((lua_Unsigned)end + 1u); /* the first empty slot; wraps like Lua */
    lua_Integer pos;
    switch (lua_gettop(L)) {
    case 2:
        pos = end;
        break;
    case 3:
        pos = luaL_checkinteger(L, 2);
        /* pos in [1, end] */
        luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)end, 2, "position out of bounds");
        for (lua_Integer i = end; i > pos; i--) {
            tick(L, i);
            lua_geti(L, 1, i - 1);
            lua_seti(L, 1, i);
        }
        break;
    default:
        return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

static int t_remove(lua_State *L) {
    lua_Integer size = table_length(L, 1, TAB_R | TAB_W);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size)
        /* pos in [1, size + 1]; Lua 5.4.4 names argument 1 in this message */
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 1, "position out of bounds");
    lua_geti(L, 1, pos);
    for (; pos < size; pos++) {
        tick(L, pos);
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
    }
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

static int t_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    int dest = lua_isnoneornil(L, 5) ? 1 : 5;
    check_table(L, 1, TAB_R);
    check_table(L, dest, TAB_W);
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        lua_Integer n = e - f + 1;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
        /* Front to back unless the ranges overlap with the destination ahead. */
        if (t > e || t <= f || (dest != 1 && !lua_compare(L, 1, dest, LUA_OPEQ))) {
            for (lua_Integer i = 0; i < n; i++) {
                tick(L, i);
                lua_geti(L, 1, f + i);
                lua_seti(L, dest, t + i);
            }
        } else {
            for (lua_Integer i = n - 1; i >= 0; i--) {
                tick(L, i);
                lua_geti(L, 1, f + i);
                lua_seti(L, dest, t + i);
            }
        }
    }
    lua_pushvalue(L, dest);
    return 1;
}

static void concat_add(lua_State *L, luaL_Buffer *b, lua_Integer i) {
    lua_geti(L, 1, i);
    if (!lua_isstring(L, -1))
        luaL_error(L, "invalid value (%s) at index %I in table for 'concat'", luaL_typename(L, -1),
                   (LUAI_UACINT)i);
    luaL_addvalue(b);
}

static int t_concat(lua_State *L) {
    lua_Integer last = table_length(L, 1, TAB_R);
    size_t lsep;
    const char *sep = luaL_optlstring(L, 2, "", &lsep);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    last = luaL_optinteger(L, 4, last);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (; i < last; i++) {
        tick(L, i);
        concat_add(L, &b, i);
        luaL_addlstring(&b, sep, lsep);
    }
    if (i == last) concat_add(L, &b, i);
    luaL_pushresult(&b);
    return 1;
}

static int t_unpack(lua_State *L) {
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer e = luaL_opt(L, luaL_checkinteger, 3, luaL_len(L, 1));
    if (i > e) return 0;
    lua_Unsigned n = (lua_Unsigned)e - (lua_Unsigned)i; /* count - 1, without overflow */
    if (n >= (unsigned int)INT_MAX || !lua_checkstack(L, (int)++n))
        return luaL_error(L, "too many results to unpack");
    for (; i < e; i++) { /* up to e - 1: i never overflows */
        tick(L, i);
        lua_geti(L, 1, i);
    }
    lua_geti(L, 1, e);
    return (int)n;
}

/* ---- sort ---------------------------------------------------------------
 * Introsort on the table itself (lua_geti / lua_seti, as Lua's sort): a
 * median-of-three quicksort that switches to heapsort past 2·log2(n) levels,
 * so no input, adversarial or not, costs more than O(n log n) comparisons.
 * Partitioning stops with "invalid order function for sorting" where an
 * inconsistent order would run it past the partition, as Lua's does. Like
 * Lua's, the sort is not stable. */

typedef struct {
    lua_State *L;
    int has_cmp;   /* argument 2 is an order function */
    unsigned long compares;
} Sorter;

/* Is the value at stack index a less than the one at b (absolute indices)? */
static int sort_less(Sorter *st, int a, int b) {
    lua_State *L = st->L;
    if ((++st->compares & POLL_MASK) == 0) dyn_budget_poll(L);
    if (!st->has_cmp) return lua_compare(L, a, b, LUA_OPLT);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, a);
    lua_pushvalue(L, b);
    lua_call(L, 2, 1);
    int r = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return r;
}

static void sort_swap(lua_State *L, lua_Integer i, lua_Integer j) {
    lua_geti(L, 1, i);
    lua_geti(L, 1, j);
    lua_seti(L, 1, i);
    lua_seti(L, 1, j);
}

/* Orders t[i] and t[j] (i < j); returns whether they were swapped. */
static int sort_order_pair(Sorter *st, lua_Integer i, lua_Integer j) {
    lua_State *L = st->L;
    lua_geti(L, 1, i);
    lua_geti(L, 1, j);
    int top = lua_gettop(L);
    if (sort_less(st, top, top - 1)) {
        lua_seti(L, 1, i);
        lua_seti(L, 1, j);
        return 1;
    }
    lua_pop(L, 2);
    return 0;
}

static void sort_sift_down(Sorter *st, lua_Integer lo, lua_Integer root, lua_Integer n) {
    lua_State *L = st->L;
    for (;;) {
        lua_Integer child = 2 * root + 1; /* 0-based within [lo, lo + n) */
        if (child >= n) return;
        lua_geti(L, 1, lo + child);
        if (child + 1 < n) {
            lua_geti(L, 1, lo + child + 1);
            int top = lua_gettop(L);
            if (sort_less(st, top - 1, top)) {
                child++;
                lua_remove(L, top - 1);
            } else {
                lua_pop(L, 1);
            }
        }
        lua_geti(L, 1, lo + root);
        int top = lua_gettop(L);
        if (!sort_less(st, top, top - 1)) {
            lua_pop(L, 2);
            return;
        }
        lua_seti(L, 1, lo + child); /* t[child] = t[root] */
        lua_seti(L, 1, lo + root);  /* t[root] = old t[child] */
        root = child;
    }
}

static void sort_heap(Sorter *st, lua_Integer lo, lua_Integer hi) {
    lua_Integer n = hi - lo + 1;
    for (lua_Integer root = n / 2 - 1; root >= 0; root--) sort_sift_down(st, lo, root, n);
    for (lua_Integer end = n - 1; end > 0; end--) {
        sort_swap(st->L, lo, lo + end);
        sort_sift_down(st, lo, 0, end);
    }
}

static void sort_range(Sorter *st, lua_Integer lo, lua_Integer hi, int depth) {
    lua_State *L = st->L;
    while (lo < hi) {
        sort_order_pair(st, lo, hi);
        if (hi - lo == 1) return;
        lua_Integer mid = lo + (hi - lo) / 2;
        /* Once t[lo] <= t[hi], a t[mid] smaller than t[lo] needs no test against t[hi]. */
        if (!sort_order_pair(st, lo, mid)) sort_order_pair(st, mid, hi);
        if (hi - lo == 2) return;
        if (depth-- == 0) {
            sort_heap(st, lo, hi);
            return;
        }
        /* t[lo] <= P = t[mid] <= t[hi]: park P at hi - 1 and partition
           lo + 1 .. hi - 2; t[lo] and P are the sentinels. */
        lua_geti(L, 1, mid);
        int pivot = lua_gettop(L);
        sort_swap(L, mid, hi - 1);
        lua_Integer i = lo, j = hi - 1;
        for (;;) {
            for (;;) {
                lua_geti(L, 1, ++i);
                if (!sort_less(st, pivot + 1, pivot)) break;
                if (i == hi - 1) luaL_error(L, "invalid order function for sorting");
                lua_pop(L, 1);
            }
            for (;;) {
                lua_geti(L, 1, --j);
                if (!sort_less(st, pivot, pivot + 2)) break;
                if (j < i) luaL_error(L, "invalid order function for sorting");
                lua_pop(L, 1);
            }
            if (j < i) {
                lua_pop(L, 2);
                break;
            }
            lua_seti(L, 1, i); /* t[i] = old t[j] */
            lua_seti(L, 1, j); /* t[j] = old t[i] */
        }
        sort_swap(L, hi - 1, i); /* the pivot to its place */
        lua_pop(L, 1);
        /* Recurse into the smaller side, loop on the larger. */
        if (i - lo < hi - i) {
            sort_range(st, lo, i - 1, depth);
            lo = i + 1;
        } else {
            sort_range(st, i + 1, hi, depth);
            hi = i - 1;
        }
    }
}

static int t_sort(lua_State *L) {
    lua_Integer n = table_length(L, 1, TAB_R | TAB_W);
    if (n > 1) {
        luaL_argcheck(L, n < INT_MAX, 1, "array too big");
        if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
        lua_settop(L, 2);
        Sorter st = {L, lua_isfunction(L, 2), 0};
        int depth = 0;
        for (lua_Integer k = n; k > 1; k >>= 1) depth += 2;
        sort_range(&st, 1, n, depth);
    }
    return 0;
}

/* ======================================================================
 * load
 *
 * Lua's parser resolves each label against every pending goto of its block,
 * so a chunk of 32 000 forward gotos and their labels (1 MB) parses for about
 * 0.7 s, all inside one call the hook cannot see. This load hands the parser
 * its text in small pieces through a reader that polls; a poll that fires
 * makes load return nil and "instruction budget exceeded", and the mark stays
 * set, so the script is stopped at its next instruction or poll. Otherwise it
 * is Lua 5.4's load: string or reader function, chunk name, mode, env.
 * ====================================================================== */

#define LOAD_PIECE 1024 /* bytes of text handed over per poll */
#define LOAD_READER_SLOT 5 /* keeps the reader's last string alive */

typedef struct {
    const char *text; /* the rest of a string chunk; NULL for a reader function */
    size_t left;
} LoadSource;

static const char *load_read(lua_State *L, void *ud, size_t *size) {
    LoadSource *src = (LoadSource *)ud;
    dyn_budget_poll(L);
    if (src->text != NULL) {
        *size = src->left < LOAD_PIECE ? src->left : LOAD_PIECE;
        const char *piece = src->text;
        src->text += *size;
        src->left -= *size;
        return *size > 0 ? piece : NULL;
    }
    luaL_checkstack(L, 2, "too many nested functions");
    lua_pushvalue(L, 1);
    lua_call(L, 0, 1);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        *size = 0;
        return NULL;
    }
    if (!lua_isstring(L, -1)) luaL_error(L, "reader function must return a string");
    lua_replace(L, LOAD_READER_SLOT);
    return lua_tolstring(L, LOAD_READER_SLOT, size);
}

static int b_load(lua_State *L) {
    size_t l;
    const char *s = lua_tolstring(L, 1, &l);
    const char *mode = luaL_optstring(L, 3, "bt");
    int env = lua_isnone(L, 4) ? 0 : 4;
    LoadSource src = {s, l};
    int status;
    if (s != NULL) {
        const char *name = luaL_optstring(L, 2, s);
        status = lua_load(L, load_read, &src, name, mode);
    } else {
        const char *name = luaL_optstring(L, 2, "=(load)");
        luaL_checktype(L, 1, LUA_TFUNCTION);
        lua_settop(L, LOAD_READER_SLOT);
        status = lua_load(L, load_read, &src, name, mode);
    }
    if (status != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (env != 0) {
        lua_pushvalue(L, env);
        if (lua_setupvalue(L, -2, 1) == NULL) lua_pop(L, 1); /* no upvalue: env is dropped */
    }
    return 1;
}

/* ======================================================================
 * Installation
 *
 * Audit of the rest of what the sandbox exposes. A call of these costs at most
 * time in proportion to memory the script already holds or allocates for the
 * result (so the memory cap bounds it), to the stack (at most LUAI_MAXSTACK =
 * 1 000 000 slots), or to a constant; where they call script functions or
 * metamethods, that is Lua code the hook sees:
 *   base       assert error getmetatable ipairs next pairs pcall print rawequal
 *              rawget rawlen rawset select setmetatable tonumber tostring type
 *              xpcall collectgarbage (one full collection: O(heap))
 *   string     byte char format len lower pack packsize reverse sub unpack upper
 *              (byte and unpack check the stack; pack/packsize sizes are
 *              checked against the format and the result is allocated)
 *   table      pack
 *   utf8       char charpattern codepoint codes len offset (one pass over the
 *              string at most)
 *   math       all constant time (random's rejection loop: < 2 draws expected)
 *   coroutine  create resume running status wrap yield isyieldable close
 *   os         clock time date (date: strftime per conversion of the format,
 *              whose result is allocated)
 * Replaced above: string.find/match/gmatch/gsub/rep, table.insert/remove/
 * move/concat/unpack/sort and load (its parser is quadratic in gotos).
 * ====================================================================== */

static void replace_in(lua_State *L, const char *lib, const luaL_Reg *fns) {
    if (lua_getglobal(L, lib) == LUA_TTABLE) luaL_setfuncs(L, fns, 0);
    lua_pop(L, 1);
}

int dyn_open_bounded_libs(lua_State *L) {
    static const luaL_Reg string_fns[] = {
        {"find", b_find}, {"match", b_match}, {"gmatch", b_gmatch},
        {"gsub", b_gsub}, {"rep", b_rep}, {NULL, NULL},
    };
    static const luaL_Reg table_fns[] = {
        {"insert", t_insert}, {"remove", t_remove}, {"move", t_move},
        {"concat", t_concat}, {"unpack", t_unpack}, {"sort", t_sort}, {NULL, NULL},
    };
    lua_pushcfunction(L, b_load);
    lua_setglobal(L, "load");
    replace_in(L, "string", string_fns);
    replace_in(L, "table", table_fns);
    return 0;
}
