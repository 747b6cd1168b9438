/*
 * Compiled backtracking for problems in table form (plugins.contract.TableForm).
 *
 * Variable v takes a row of its code table; a crossing (v, p, w, q) asks for the same
 * code at position p of v's row and position q of w's; variables of one group take
 * different rows; two variables never take rows sharing a clash key (when given). The search is the one plugins/strategies/backtrack.py describes:
 * binary branching, arc consistency on letter sets, dom/wdeg with fragments,
 * conflict-directed backjumping on per-variable explanations, nogoods on decisions,
 * restarts with growing limits.
 *
 * Variables sharing a code table share a "space" with one bitset per (position, letter)
 * of the candidates holding that letter there. A domain is a bitset over its space, so
 * pruning the words with lost letters is a few AND-NOTs per 64 candidates; domains are
 * saved on a trail once per search level. A space is the table's first rows, up to the
 * last one a domain holds, when the domains cover most of them: then the table's own
 * rows and, when the caller has them (the word index keeps them), its bitsets are used
 * as they are, with nothing copied per call. Otherwise it is the union of the domains'
 * rows, gathered with their bitsets built here.
 *
 * Values are told apart for tie-breaking noise and nogood watch lists by their rank
 * among the rows the domains hold after the root propagation, so the search is the
 * same whichever kind of space holds them.
 *
 * It is loaded with ctypes (plugins/strategies/table_search.py); the module init only
 * makes the file importable so that its path can be found.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#pragma GCC target("popcnt") /* every x86-64 made since 2008; without it, a slow call */
#endif

typedef int32_t (*poll_fn)(void);

enum {
    ST_NODES, ST_BACKTRACKS, ST_BACKJUMPS, ST_RESTARTS, ST_NOGOODS, ST_FILLED, ST_COUNT
};
enum { SOLVED = 0, UNSATISFIABLE = 1, STOPPED = 2, NODE_LIMIT = 3, NO_MEMORY = 4, BAD_INPUT = 5 };

/* What Python hands over (mirrored by a ctypes Structure). */
typedef struct {
    int32_t n_vars;
    int32_t alphabet;
    const int32_t *length;        /* letters per variable */
    const int32_t *n_rows;        /* rows of each variable's table */
    const uint64_t *const *dom;   /* per variable: initial candidates, bit j of word j / 64
                                     for row j (ceil(n_rows / 64) words) */
    const uint8_t *const *codes;  /* per variable: its table's codes, rows x length */
    const float *const *pref;     /* per variable: preference per table row, higher first */
    const int32_t *group;         /* distinct group per variable, -1 for none */
    int32_t n_cross;
    const int32_t *cross;         /* (v, p, w, q) per crossing, both directions listed */
    const int32_t *rank;          /* static plan rank, lower first */
    const uint64_t *const *bits;  /* per variable: its table's letter bitsets [p][c][stride]
                                     (rows with letter c at p), or NULL: built here */
    const int32_t *stride;        /* per variable: words per bitset of bits */
    int64_t max_nodes;            /* 0: no limit */
    int32_t restarts;             /* 0 none, 1 luby, 2 geometric */
    int32_t restart_scale;
    int32_t backjumping;
    int32_t fragments;
    int32_t nogoods;
    int32_t max_nogood;
    int32_t seeded;               /* randomise values from the start (else after a restart) */
    uint64_t seed;
    int32_t poll_every;           /* nodes between polls */
    poll_fn poll;                 /* reads stats and solution; nonzero: stop */
    int32_t *solution;            /* out: row per variable, -1 where not fixed */
    int64_t *stats;               /* out: ST_COUNT counters */
    /* clash keys (NULL: none; per variable NULL: its rows have none): two variables
       never take rows sharing a key. Per variable, over its table: */
    const int32_t *const *clash_row_off;  /* [n_rows + 1] offsets into clash_row_keys */
    const int64_t *const *clash_row_keys; /* the keys of each row */
    const int64_t *const *clash_keys;     /* the table's distinct keys, ascending */
    const int32_t *clash_n_keys;          /* how many */
    const int32_t *const *clash_key_off;  /* [n_keys + 1] offsets into clash_key_rows */
    const int32_t *const *clash_key_rows; /* the rows holding each key */
} Spec;

/* The candidates of the variables sharing one code table. */
typedef struct {
    const uint8_t *table;
    int L, n, W;           /* n space indices, W words per domain */
    int n_rows;            /* rows of the table */
    int stride;            /* words per bitset of bits (at least W) */
    int32_t *rows;         /* space index -> table row, ascending; NULL: the first n rows */
    const uint8_t *codes;  /* n x L: the table itself when rows is NULL */
    const uint64_t *bits;  /* [p][c][stride]: candidates with letter c at position p */
    uint8_t *own_codes;    /* what this call allocated of the above, to free */
    uint64_t *own_bits;
    uint64_t *used;        /* after the root propagation: indices some domain holds */
    int32_t *before;       /* per word of used: its set bits in the words before */
} Space;

typedef struct {
    int32_t var, value;
    int64_t mark; /* trail length before the decision */
    int64_t stamp; /* the level's identity, for saving each domain once per level */
} Frame;

typedef struct {
    int32_t var, value; /* literal: var takes space index value */
} Lit;

typedef struct {
    const Spec *sp;
    int V, A, NW, LMAX;
    Space *spaces;
    int nspaces;
    int32_t *space_of, *L, *W;
    uint64_t **dom;   /* per variable: bitset over its space */
    uint64_t *removed; /* scratch bitset (kept zero), as wide as the widest space */
    int32_t *size;
    uint64_t *sets;   /* [v][p]: letters some candidate has at p */
    int32_t *counts;  /* [v][p][c]: candidates with letter c at p */
    const float **pref; /* per variable: preference per space index */
    float **own_pref;   /* those allocated here (NULL where pref is the caller's) */
    int32_t *xo, *xs; /* crossings of v: xs[3k..3k+2] = (p, t, q) for k in xo[v]..xo[v+1] */
    int32_t *no, *nb; /* distinct neighbours */
    int32_t *go, *gv, *gidx; /* group members */
    uint64_t *reasons; /* [v][NW] */
    double *failures;
    double *root_size; /* candidates after the root propagation (dom/wdeg takes shares) */
    /* trail: saved domains, one record per (variable, level) */
    int32_t *tvar;
    int64_t *toff, tn, tcap;
    uint64_t *arena;
    int64_t an, acap;
    int64_t *stamp, cur_stamp, next_stamp;
    /* propagation */
    uint64_t *chg, *dirty;
    int32_t *src, nsrc, *tgt, ntgt;
    char *insrc, *intgt;
    uint64_t *conflict;
    /* search */
    Frame *stack;
    uint64_t *saved; /* reasons snapshot per frame: [depth][V * NW] */
    int saved_cap;   /* frames saved has room for */
    int depth;
    char *infrag;
    int32_t *bfs;
    int fragment_on;
    uint64_t rng;
    int randomise;
    int64_t noise_calls;
    int32_t *best;
    int best_filled;
    /* nogoods: literals in one pool, two watches per nogood */
    Lit *ng_lits;
    int64_t ng_n, ng_cap;
    int32_t *ng_start, *ng_len, *ng_w;
    int64_t ngs, ngs_cap;
    int32_t **watch;
    int32_t *wn, *wcap;
} S;

/* -- small helpers ----------------------------------------------------------------- */

static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int64_t luby(int64_t i) {
    int64_t k = 1;
    while (((int64_t)1 << k) - 1 < i) k++;
    while (i != ((int64_t)1 << k) - 1) {
        i -= ((int64_t)1 << (k - 1)) - 1;
        k = 1;
        while (((int64_t)1 << k) - 1 < i) k++;
    }
    return (int64_t)1 << (k - 1);
}

static double restart_limit(const Spec *sp, int64_t run) {
    if (sp->restarts == 1) return (double)sp->restart_scale * (double)luby(run);
    if (sp->restarts == 2) return (double)sp->restart_scale * pow(1.5, (double)(run - 1));
    return INFINITY;
}

#define SETS(st, v) ((st)->sets + (size_t)(v) * (st)->LMAX)
#define COUNTS(st, v) ((st)->counts + (size_t)(v) * (st)->LMAX * (st)->A)
#define REASONS(st, v) ((st)->reasons + (size_t)(v) * (st)->NW)
#define BITS(sp, p, c) ((sp)->bits + ((size_t)(p) * st->A + (c)) * (sp)->stride)
#define SPACE(st, v) (&(st)->spaces[(st)->space_of[v]])

/* The rank of space index i among the indices some domain held after the root
 * propagation: what the noise and the nogood watch lists tell values apart by. */
static int rank_of(const Space *sp, int i) {
    return sp->before[i >> 6] + __builtin_popcountll(sp->used[i >> 6] & ((1ULL << (i & 63)) - 1));
}

static void bits_or(uint64_t *a, const uint64_t *b, int nw) {
    for (int k = 0; k < nw; k++) a[k] |= b[k];
}

static int bits_top(const uint64_t *a, int nw) {
    for (int k = nw - 1; k >= 0; k--)
        if (a[k]) return k * 64 + 63 - __builtin_clzll(a[k]);
    return -1;
}

static int has(const uint64_t *dom, int i) { return dom[i >> 6] >> (i & 63) & 1; }

static int first_member(const uint64_t *dom, int W) {
    for (int w = 0; w < W; w++)
        if (dom[w]) return w * 64 + __builtin_ctzll(dom[w]);
    return -1;
}

/* Trail words of a record: domain, letter sets, counts, size and stamp. */
static int64_t record_words(const S *st, int v) {
    return st->W[v] + st->L[v] + ((int64_t)st->L[v] * st->A + 1) / 2 + 2;
}

/* Save v's domain, size, letter sets and counts, once per level. */
static int save(S *st, int v) {
    if (st->stamp[v] == st->cur_stamp) return 1;
    int W = st->W[v], L = st->L[v];
    if (st->tn == st->tcap) {
        int64_t cap = st->tcap * 2;
        int32_t *a = realloc(st->tvar, (size_t)cap * sizeof *a);
        if (!a) return 0;
        st->tvar = a;
        int64_t *b = realloc(st->toff, (size_t)cap * sizeof *b);
        if (!b) return 0;
        st->toff = b;
        st->tcap = cap;
    }
    int64_t need = record_words(st, v);
    if (st->an + need > st->acap) {
        int64_t cap = st->acap * 2;
        while (cap < st->an + need) cap *= 2;
        uint64_t *a = realloc(st->arena, (size_t)cap * sizeof *a);
        if (!a) return 0;
        st->arena = a;
        st->acap = cap;
    }
    uint64_t *rec = st->arena + st->an;
    memcpy(rec, st->dom[v], (size_t)W * 8);
    memcpy(rec + W, SETS(st, v), (size_t)L * 8);
    memcpy(rec + W + L, COUNTS(st, v), (size_t)L * st->A * 4);
    rec[need - 2] = (uint64_t)st->size[v];
    rec[need - 1] = (uint64_t)st->stamp[v];
    st->tvar[st->tn] = v;
    st->toff[st->tn] = st->an;
    st->tn++;
    st->an += need;
    st->stamp[v] = st->cur_stamp;
    return 1;
}

static void undo_to(S *st, int64_t mark) {
    while (st->tn > mark) {
        st->tn--;
        int v = st->tvar[st->tn], W = st->W[v], L = st->L[v];
        uint64_t *rec = st->arena + st->toff[st->tn];
        memcpy(st->dom[v], rec, (size_t)W * 8);
        int64_t need = record_words(st, v);
        memcpy(SETS(st, v), rec + W, (size_t)L * 8);
        memcpy(COUNTS(st, v), rec + W + L, (size_t)L * st->A * 4);
        st->size[v] = (int32_t)rec[need - 2];
        st->stamp[v] = (int64_t)rec[need - 1];
        st->an = st->toff[st->tn];
    }
}

/* After v's domain shrank by ``n_removed`` candidates (``removed``: their bitset, or
 * NULL when unknown): its size, letter counts and letter sets again, noting sets that
 * shrink. Few removals are subtracted word by word; otherwise the counts are taken
 * again, from the candidates left or from the (position, letter) bitsets. */
static void refresh(S *st, int v, const uint64_t *removed, int n_removed) {
    Space *sp = SPACE(st, v);
    const uint64_t *dom = st->dom[v];
    int W = sp->W, L = sp->L, A = st->A;
    uint64_t *sets = SETS(st, v);
    int32_t *counts = COUNTS(st, v);
    int present = 0;
    for (int p = 0; p < L; p++) present += __builtin_popcountll(sets[p]);
    int size;
    if (removed) {
        size = st->size[v] - n_removed;
    } else {
        size = 0;
        for (int w = 0; w < W; w++) size += __builtin_popcountll(dom[w]);
    }
    st->size[v] = size;
    int64_t by_words = (int64_t)size * L, by_bits = (int64_t)present * W;
    if (removed && (int64_t)n_removed * L <= (by_words < by_bits ? by_words : by_bits)) {
        for (int w = 0; w < W; w++) {
            uint64_t m = removed[w];
            while (m) {
                const uint8_t *code = sp->codes + (size_t)(w * 64 + __builtin_ctzll(m)) * L;
                m &= m - 1;
                for (int p = 0; p < L; p++) {
                    if (--counts[p * A + code[p]] == 0) {
                        sets[p] &= ~(1ULL << code[p]);
                        st->chg[v] |= 1ULL << p;
                    }
                }
            }
        }
        return;
    }
    if (by_words <= by_bits) {
        memset(counts, 0, (size_t)L * A * 4);
        for (int w = 0; w < W; w++) {
            uint64_t m = dom[w];
            while (m) {
                const uint8_t *code = sp->codes + (size_t)(w * 64 + __builtin_ctzll(m)) * L;
                m &= m - 1;
                for (int p = 0; p < L; p++) counts[p * A + code[p]]++;
            }
        }
    } else {
        for (int p = 0; p < L; p++) {
            uint64_t letters = sets[p];
            while (letters) {
                int c = __builtin_ctzll(letters);
                letters &= letters - 1;
                const uint64_t *b = BITS(sp, p, c);
                int n = 0;
                for (int w = 0; w < W; w++) n += __builtin_popcountll(dom[w] & b[w]);
                counts[p * A + c] = n;
            }
        }
    }
    for (int p = 0; p < L; p++) {
        uint64_t fresh = 0;
        uint64_t letters = sets[p];
        while (letters) {
            int c = __builtin_ctzll(letters);
            letters &= letters - 1;
            if (counts[p * A + c] > 0) fresh |= 1ULL << c;
        }
        if (fresh != sets[p]) st->chg[v] |= 1ULL << p;
        sets[p] = fresh;
    }
}

static void add_source(S *st, int v) {
    if (!st->insrc[v]) {
        st->insrc[v] = 1;
        st->src[st->nsrc++] = v;
    }
}

static void add_target(S *st, int t, int q) {
    st->dirty[t] |= 1ULL << q;
    if (!st->intgt[t]) {
        st->intgt[t] = 1;
        st->tgt[st->ntgt++] = t;
    }
}

static void clear_queues(S *st) {
    for (int k = 0; k < st->nsrc; k++) st->insrc[st->src[k]] = 0;
    for (int k = 0; k < st->ntgt; k++) st->intgt[st->tgt[k]] = 0, st->dirty[st->tgt[k]] = 0;
    st->nsrc = st->ntgt = 0;
    memset(st->chg, 0, (size_t)st->V * sizeof *st->chg);
}

/* Remove value i from w (when present), blaming ``why``; 1 if w was wiped out. */
static int drop_value(S *st, int w, int i, const uint64_t *why, int *fail) {
    if (!has(st->dom[w], i)) return 0;
    if (!save(st, w)) {
        *fail = 1;
        return 1;
    }
    uint64_t *word = &st->dom[w][i >> 6], bit = 1ULL << (i & 63);
    *word &= ~bit;
    st->removed[i >> 6] = bit;
    refresh(st, w, st->removed, 1);
    st->removed[i >> 6] = 0;
    bits_or(REASONS(st, w), why, st->NW);
    if (st->size[w] == 0) return 1;
    add_source(st, w);
    return 0;
}

/* x = value, as a decision. */
static int assign(S *st, int v, int value) {
    if (!save(st, v)) return 0;
    int W = st->W[v];
    memset(st->dom[v], 0, (size_t)W * 8);
    st->dom[v][value >> 6] = 1ULL << (value & 63);
    st->size[v] = 1;
    const uint8_t *code = SPACE(st, v)->codes + (size_t)value * st->L[v];
    uint64_t *sets = SETS(st, v);
    int32_t *counts = COUNTS(st, v);
    memset(counts, 0, (size_t)st->L[v] * st->A * 4);
    for (int p = 0; p < st->L[v]; p++) {
        counts[p * st->A + code[p]] = 1;
        uint64_t only = 1ULL << code[p];
        if (sets[p] != only) st->chg[v] |= 1ULL << p;
        sets[p] = only;
    }
    return 1;
}

/* -- nogoods ----------------------------------------------------------------------- */

static int lit_true(const S *st, Lit l) {
    return st->size[l.var] == 1 && has(st->dom[l.var], l.value);
}

static int lit_false(const S *st, Lit l) { return !has(st->dom[l.var], l.value); }

/* Watch lists are per (variable, value bucket): a fixed variable visits only the
 * nogoods watching a value of its bucket. */
#define BUCKETS 16

static int bucket(const S *st, Lit l) {
    return l.var * BUCKETS + (rank_of(SPACE(st, l.var), l.value) & (BUCKETS - 1));
}

static int watch_add(S *st, Lit l, int32_t id) {
    int b = bucket(st, l);
    if (st->wn[b] == st->wcap[b]) {
        int cap = st->wcap[b] ? st->wcap[b] * 2 : 8;
        int32_t *a = realloc(st->watch[b], (size_t)cap * sizeof *a);
        if (!a) return 0;
        st->watch[b] = a;
        st->wcap[b] = cap;
    }
    st->watch[b][st->wn[b]++] = id;
    return 1;
}

/* Record the decisions of ``conflict`` as a nogood (they cannot all hold). */
static int nogood_add(S *st, const uint64_t *conflict) {
    int n = 0;
    for (int w = 0; w < st->NW; w++) n += __builtin_popcountll(conflict[w]);
    if (n < 2 || n > st->sp->max_nogood) return 0;
    if (st->ngs == st->ngs_cap || st->ng_n + n > st->ng_cap) {
        /* Full: forget every nogood (never wrong, only less informed). */
        if (st->ngs_cap >= 20000) {
            st->ngs = 0;
            st->ng_n = 0;
            memset(st->wn, 0, (size_t)st->V * BUCKETS * sizeof *st->wn);
        } else {
            int64_t cap = st->ngs_cap ? st->ngs_cap * 2 : 256;
            int64_t lcap = st->ng_cap ? st->ng_cap * 2 : 4096;
            while (lcap < st->ng_n + n) lcap *= 2;
            int32_t *a = realloc(st->ng_start, (size_t)cap * sizeof *a);
            if (!a) return -1;
            st->ng_start = a;
            int32_t *b = realloc(st->ng_len, (size_t)cap * sizeof *b);
            if (!b) return -1;
            st->ng_len = b;
            int32_t *c = realloc(st->ng_w, (size_t)cap * 2 * sizeof *c);
            if (!c) return -1;
            st->ng_w = c;
            Lit *d = realloc(st->ng_lits, (size_t)lcap * sizeof *d);
            if (!d) return -1;
            st->ng_lits = d;
            st->ngs_cap = cap;
            st->ng_cap = lcap;
        }
    }
    int32_t id = (int32_t)st->ngs++;
    st->ng_start[id] = (int32_t)st->ng_n;
    st->ng_len[id] = n;
    for (int w = 0; w < st->NW; w++) {
        uint64_t m = conflict[w];
        while (m) {
            int level = w * 64 + __builtin_ctzll(m);
            m &= m - 1;
            Frame *f = &st->stack[level - 1];
            st->ng_lits[st->ng_n++] = (Lit){f->var, f->value};
        }
    }
    /* Watch the two latest decisions: the others stay true below the jump. */
    Lit *lits = st->ng_lits + st->ng_start[id];
    int a = n - 1, b = n - 2;
    st->ng_w[2 * id] = a;
    st->ng_w[2 * id + 1] = b;
    if (!watch_add(st, lits[a], id) || !watch_add(st, lits[b], id)) return -1;
    return 1;
}

/* A variable became fixed: visit the nogoods watching its value. Returns 1 on a
 * wipe-out. */
static int nogood_fixed(S *st, int var, int *fail) {
    if (!st->ngs) return 0; /* none yet (as at the root, before ranks are known) */
    Lit fixed = {var, first_member(st->dom[var], st->W[var])};
    int b = bucket(st, fixed);
    int k = 0;
    while (k < st->wn[b]) {
        int32_t id = st->watch[b][k];
        Lit *lits = st->ng_lits + st->ng_start[id];
        int n = st->ng_len[id];
        int32_t *w = st->ng_w + 2 * id;
        int me = -1;
        for (int j = 0; j < 2; j++)
            if (lits[w[j]].var == var && lits[w[j]].value == fixed.value) me = j;
        if (me < 0 || lit_false(st, lits[w[1 - me]])) {
            k++;
            continue;
        }
        int moved = 0;
        for (int j = 0; j < n; j++) {
            if (j == w[0] || j == w[1]) continue;
            if (!lit_true(st, lits[j])) {
                w[me] = j;
                if (!watch_add(st, lits[j], id)) {
                    *fail = 1;
                    return 1;
                }
                st->watch[b][k] = st->watch[b][--st->wn[b]];
                moved = 1;
                break;
            }
        }
        if (moved) continue;
        /* Every literal but the other watch holds: that one must not. */
        Lit other = lits[w[1 - me]];
        uint64_t *why = st->conflict; /* scratch */
        memset(why, 0, (size_t)st->NW * sizeof *why);
        for (int j = 0; j < n; j++)
            if (j != w[1 - me]) bits_or(why, REASONS(st, lits[j].var), st->NW);
        if (drop_value(st, other.var, other.value, why, fail)) {
            if (!*fail) memcpy(st->conflict, REASONS(st, other.var), (size_t)st->NW * 8);
            return 1;
        }
        k++;
    }
    return 0;
}

/* -- propagation ------------------------------------------------------------------- */

/* Drop the candidates of t whose letter at one of ``positions`` a crossing no longer
 * allows. Returns 1 on a wipe-out. */
static int revise(S *st, int t, uint64_t positions, int *fail) {
    uint64_t lost[64];
    uint64_t lostpos = 0;
    uint64_t *blame = st->conflict; /* scratch until a conflict is set */
    memset(blame, 0, (size_t)st->NW * sizeof *blame);
    const uint64_t *tsets = SETS(st, t);
    for (int k = st->xo[t]; k < st->xo[t + 1]; k++) {
        int p = st->xs[3 * k], u = st->xs[3 * k + 1], q = st->xs[3 * k + 2];
        if (!(positions >> p & 1)) continue;
        uint64_t l = tsets[p] & ~SETS(st, u)[q];
        if (l) {
            if (!(lostpos >> p & 1)) lost[p] = 0;
            lost[p] |= l;
            lostpos |= 1ULL << p;
            bits_or(blame, REASONS(st, u), st->NW);
        }
    }
    if (!lostpos) return 0;
    if (!save(st, t)) {
        *fail = 1;
        return 1;
    }
    Space *sp = SPACE(st, t);
    uint64_t *dom = st->dom[t];
    int W = sp->W;
    /* the (position, letter) bitsets to clear */
    const uint64_t *clear[64 * 64];
    int nclear = 0;
    for (int p = 0; p < sp->L; p++) {
        if (!(lostpos >> p & 1)) continue;
        uint64_t letters = lost[p];
        while (letters) {
            clear[nclear++] = BITS(sp, p, __builtin_ctzll(letters));
            letters &= letters - 1;
        }
    }
    uint64_t *removed = st->removed;
    int n_removed = 0;
    for (int w = 0; w < W; w++) {
        uint64_t d = dom[w];
        if (!d) {
            removed[w] = 0;
            continue;
        }
        uint64_t m = 0;
        for (int j = 0; j < nclear; j++) m |= clear[j][w];
        removed[w] = d & m;
        n_removed += __builtin_popcountll(d & m);
        dom[w] = d & ~m;
    }
    refresh(st, t, removed, n_removed);
    memset(removed, 0, (size_t)W * 8);
    bits_or(REASONS(st, t), blame, st->NW);
    if (st->size[t] == 0) {
        memcpy(st->conflict, REASONS(st, t), (size_t)st->NW * 8);
        return 1;
    }
    if (st->chg[t] || st->size[t] == 1) add_source(st, t);
    return 0;
}

/* Exclude a fixed variable's value from the rest of its group. */
static int exclude(S *st, int s, int *fail) {
    int g = st->gidx[s];
    if (g < 0) return 0;
    int value = first_member(st->dom[s], st->W[s]);
    for (int k = st->go[g]; k < st->go[g + 1]; k++) {
        int w = st->gv[k];
        if (w != s && drop_value(st, w, value, REASONS(st, s), fail)) {
            if (!*fail) memcpy(st->conflict, REASONS(st, w), (size_t)st->NW * 8);
            return 1;
        }
    }
    return 0;
}

/* The space index of table row ``row`` in ``sp``, or -1 when the space lacks it. */
static int space_index(const Space *sp, int row) {
    if (!sp->rows) return row < sp->n ? row : -1;
    int lo = 0, hi = sp->n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (sp->rows[mid] == row) return mid;
        if (sp->rows[mid] < row) lo = mid + 1;
        else hi = mid - 1;
    }
    return -1;
}

/* Position of ``key`` in the ascending ``keys`` (n of them), or -1. */
static int find_key(const int64_t *keys, int n, int64_t key) {
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (keys[mid] == key) return mid;
        if (keys[mid] < key) lo = mid + 1;
        else hi = mid - 1;
    }
    return -1;
}

/* Remove from every other variable the rows sharing a clash key with fixed s's row. */
static int exclude_clashes(S *st, int s, int *fail) {
    const Spec *sp = st->sp;
    if (!sp->clash_row_off || !sp->clash_row_off[s]) return 0;
    Space *own = SPACE(st, s);
    int value = first_member(st->dom[s], st->W[s]);
    int row = own->rows ? own->rows[value] : value;
    const int32_t *off = sp->clash_row_off[s];
    const int64_t *keys = sp->clash_row_keys[s];
    if (off[row] == off[row + 1]) return 0;
    for (int w = 0; w < st->V; w++) {
        if (w == s || !sp->clash_row_off[w] || st->size[w] == 0) continue;
        Space *ws = SPACE(st, w);
        const int32_t *key_off = sp->clash_key_off[w], *key_rows = sp->clash_key_rows[w];
        int n_removed = 0;
        for (int k = off[row]; k < off[row + 1]; k++) {
            int at = find_key(sp->clash_keys[w], sp->clash_n_keys[w], keys[k]);
            if (at < 0) continue;
            for (int m = key_off[at]; m < key_off[at + 1]; m++) {
                int i = space_index(ws, key_rows[m]);
                if (i < 0 || !has(st->dom[w], i) || has(st->removed, i)) continue;
                st->removed[i >> 6] |= 1ULL << (i & 63);
                n_removed++;
            }
        }
        if (!n_removed) continue;
        int W = st->W[w];
        if (!save(st, w)) {
            memset(st->removed, 0, (size_t)W * 8);
            *fail = 1;
            return 1;
        }
        for (int x = 0; x < W; x++) st->dom[w][x] &= ~st->removed[x];
        refresh(st, w, st->removed, n_removed);
        memset(st->removed, 0, (size_t)W * 8);
        bits_or(REASONS(st, w), REASONS(st, s), st->NW);
        if (st->size[w] == 0) {
            memcpy(st->conflict, REASONS(st, w), (size_t)st->NW * 8);
            return 1;
        }
        add_source(st, w);
    }
    return 0;
}

/* Arc consistency on letter sets from the queued changes. Returns 0, or 1 with the
 * conflict set in st->conflict (*fail set when memory ran out). */
static int propagate(S *st, int *fail) {
    while (st->nsrc || st->ntgt) {
        while (st->nsrc) {
            int s = st->src[--st->nsrc];
            st->insrc[s] = 0;
            uint64_t changed = st->chg[s];
            st->chg[s] = 0;
            if (st->size[s] == 0) {
                memcpy(st->conflict, REASONS(st, s), (size_t)st->NW * 8);
                st->failures[s] += 1;
                return 1;
            }
            if (st->size[s] == 1) {
                if (exclude(st, s, fail)) return 1;
                if (exclude_clashes(st, s, fail)) return 1;
                if (st->sp->nogoods && nogood_fixed(st, s, fail)) return 1;
            }
            const uint64_t *ssets = SETS(st, s);
            for (int k = st->xo[s]; k < st->xo[s + 1]; k++) {
                int p = st->xs[3 * k], t = st->xs[3 * k + 1], q = st->xs[3 * k + 2];
                if (changed >> p & 1 && SETS(st, t)[q] & ~ssets[p]) add_target(st, t, q);
            }
        }
        if (st->ntgt) {
            /* The smallest domain first: wipe-outs show sooner. */
            int best = 0;
            for (int k = 1; k < st->ntgt; k++)
                if (st->size[st->tgt[k]] < st->size[st->tgt[best]]) best = k;
            int t = st->tgt[best];
            st->tgt[best] = st->tgt[--st->ntgt];
            st->intgt[t] = 0;
            uint64_t positions = st->dirty[t];
            st->dirty[t] = 0;
            if (revise(st, t, positions, fail)) {
                st->failures[t] += 1;
                return 1;
            }
        }
    }
    return 0;
}

/* -- choices ----------------------------------------------------------------------- */

static void mark_fragment(S *st, int start) {
    memset(st->infrag, 0, (size_t)st->V);
    int n = 0;
    st->bfs[n++] = start;
    st->infrag[start] = 1;
    for (int h = 0; h < n; h++) {
        int v = st->bfs[h];
        for (int k = st->no[v]; k < st->no[v + 1]; k++) {
            int t = st->nb[k];
            if (!st->infrag[t] && st->size[t] > 1) {
                st->infrag[t] = 1;
                st->bfs[n++] = t;
            }
        }
    }
    st->fragment_on = 1;
}

static int choose_var(S *st) {
    int best = -1;
    double best_key = INFINITY;
    int32_t best_rank = INT32_MAX;
    /* Within the current fragment first; everywhere when it is done (or there is none). */
    for (int pass = st->fragment_on ? 0 : 1; pass < 2 && best < 0; pass++) {
        for (int v = 0; v < st->V; v++) {
            if (st->size[v] <= 1 || (pass == 0 && !st->infrag[v])) continue;
            int degree = 0;
            for (int k = st->no[v]; k < st->no[v + 1]; k++) degree += st->size[st->nb[k]] > 1;
            /* the share of its root candidates left: a short slot is not tight for
             * having few words to start with */
            double key = st->size[v] / st->root_size[v] / (1.0 + degree + st->failures[v]);
            if (key < best_key || (key == best_key && st->sp->rank[v] < best_rank)) {
                best = v;
                best_key = key;
                best_rank = st->sp->rank[v];
            }
        }
    }
    if (best >= 0 && st->sp->fragments) mark_fragment(st, best);
    return best;
}

/* The best value left for v: preference first, then the crossing variables'
 * candidates left (sum of log counts), randomised among near-equals when asked. */
static int choose_value(S *st, int v) {
    float lg[64][64];
    int L = st->L[v];
    int xn = 0;
    int xp[64];
    for (int k = st->xo[v]; k < st->xo[v + 1] && xn < 64; k++) {
        int p = st->xs[3 * k], t = st->xs[3 * k + 1], q = st->xs[3 * k + 2];
        if (st->size[t] <= 1) continue;
        const int32_t *counts = COUNTS(st, t) + (size_t)q * st->A;
        for (int c = 0; c < st->A; c++) lg[xn][c] = log1pf((float)counts[c]);
        xp[xn++] = p;
    }
    uint64_t noise_state = st->rng ^ (uint64_t)(st->noise_calls++ * 0x2545F4914F6CDD1DULL);
    int best = -1;
    float best_pref = -INFINITY, best_fill = -INFINITY;
    Space *sp = SPACE(st, v);
    const uint64_t *dom = st->dom[v];
    const float *pref = st->pref[v];
    for (int w = 0; w < sp->W; w++) {
        uint64_t m = dom[w];
        while (m) {
            int i = w * 64 + __builtin_ctzll(m);
            m &= m - 1;
            float pr = pref[i];
            if (pr < best_pref) continue;
            const uint8_t *code = sp->codes + (size_t)i * L;
            float fill = 0;
            for (int j = 0; j < xn; j++) fill += lg[j][code[xp[j]]];
            if (st->randomise) {
                uint64_t x = noise_state ^ ((uint64_t)rank_of(sp, i) * 0x9E3779B97F4A7C15ULL);
                fill += 0.5f * (float)(splitmix(&x) >> 40) / (float)(1 << 24);
            }
            if (pr > best_pref || fill > best_fill) {
                best = i;
                best_pref = pr;
                best_fill = fill;
            }
        }
    }
    return best;
}

/* -- setup ------------------------------------------------------------------------- */

static void *cal(size_t n, size_t size, int *fail) {
    void *p = calloc(n ? n : 1, size);
    if (!p) *fail = 1;
    return p;
}

static void free_state(S *st) {
    for (int v = 0; v < st->V; v++) {
        if (st->dom) free(st->dom[v]);
        if (st->own_pref) free(st->own_pref[v]);
    }
    for (int k = 0; k < st->nspaces; k++) {
        Space *s = &st->spaces[k];
        free(s->rows), free(s->own_codes), free(s->own_bits), free(s->used), free(s->before);
    }
    free(st->spaces), free(st->space_of), free(st->removed), free(st->L), free(st->W), free(st->dom);
    free(st->size), free(st->sets), free(st->counts), free(st->pref), free(st->own_pref);
    free(st->xo), free(st->xs), free(st->no);
    free(st->nb), free(st->go), free(st->gv), free(st->gidx), free(st->reasons);
    free(st->failures), free(st->root_size), free(st->tvar), free(st->toff), free(st->arena), free(st->stamp);
    free(st->chg), free(st->dirty), free(st->src), free(st->tgt), free(st->insrc);
    free(st->intgt), free(st->conflict), free(st->stack), free(st->saved), free(st->infrag);
    free(st->bfs), free(st->best), free(st->ng_lits), free(st->ng_start), free(st->ng_len);
    if (st->watch)
        for (int b = 0; b < st->V * BUCKETS; b++) free(st->watch[b]);
    free(st->ng_w), free(st->watch), free(st->wn), free(st->wcap);
}

/* Bitsets [p][c][W] of a space's rows from its codes; BAD_INPUT for a code outside the
 * alphabet. */
static int build_bits(S *st, Space *s) {
    int fail = 0;
    s->stride = s->W;
    s->own_bits = cal((size_t)s->L * st->A * s->W, 8, &fail);
    if (fail) return NO_MEMORY;
    s->bits = s->own_bits;
    for (int64_t i = 0; i < s->n; i++) {
        const uint8_t *code = s->codes + (size_t)i * s->L;
        for (int p = 0; p < s->L; p++) {
            if (code[p] >= st->A) return BAD_INPUT;
            s->own_bits[((size_t)p * st->A + code[p]) * s->W + (i >> 6)] |= 1ULL << (i & 63);
        }
    }
    return SOLVED;
}

/* The domains' bits beyond the table's rows are ignored. */
static uint64_t last_word_mask(int n_rows) {
    return n_rows % 64 ? (1ULL << (n_rows % 64)) - 1 : ~0ULL;
}

/* One space per code table. When the rows the domains hold reach not much further
 * than their number, the space is the table's first rows (up to the last one held),
 * read in place with the caller's bitsets; otherwise the union of the rows held,
 * gathered. */
static int build_spaces(S *st) {
    const Spec *sp = st->sp;
    int fail = 0, V = st->V;
    st->spaces = cal(V, sizeof *st->spaces, &fail);
    st->space_of = cal(V, sizeof *st->space_of, &fail);
    if (fail) return NO_MEMORY;
    for (int v = 0; v < V; v++) {
        int k = 0;
        while (k < st->nspaces && st->spaces[k].table != sp->codes[v]) k++;
        if (sp->n_rows[v] < 0) return BAD_INPUT;
        if (k < st->nspaces &&
            (st->spaces[k].L != sp->length[v] || st->spaces[k].n_rows != sp->n_rows[v]))
            return BAD_INPUT;
        if (k == st->nspaces) {
            st->nspaces++;
            st->spaces[k].table = sp->codes[v];
            st->spaces[k].L = sp->length[v];
            st->spaces[k].n_rows = sp->n_rows[v];
        }
        st->space_of[v] = k;
    }
    for (int k = 0; k < st->nspaces; k++) {
        Space *s = &st->spaces[k];
        int rows_w = (s->n_rows + 63) / 64;
        uint64_t *held = cal(rows_w, 8, &fail);
        if (fail) return NO_MEMORY;
        const uint64_t *given = NULL;
        int given_stride = 0, first = 1;
        for (int v = 0; v < V; v++) {
            if (st->space_of[v] != k) continue;
            bits_or(held, sp->dom[v], rows_w);
            const uint64_t *b = sp->bits ? sp->bits[v] : NULL;
            int b_stride = sp->stride ? sp->stride[v] : 0;
            if (first) given = b, given_stride = b_stride, first = 0;
            else if (b != given || b_stride != given_stride) given = NULL;
        }
        if (rows_w) held[rows_w - 1] &= last_word_mask(s->n_rows);
        int count = 0;
        for (int w = 0; w < rows_w; w++) count += __builtin_popcountll(held[w]);
        int extent = bits_top(held, rows_w) + 1;
        int status = SOLVED;
        if ((int64_t)extent <= 2 * (int64_t)count + 256) {
            s->rows = NULL;
            s->n = extent;
            s->W = extent ? (extent + 63) / 64 : 1;
            s->codes = s->table;
            if (given && given_stride >= s->W) {
                s->bits = given;
                s->stride = given_stride;
            } else {
                status = build_bits(st, s);
            }
        } else {
            s->rows = cal(count, sizeof *s->rows, &fail);
            s->own_codes = cal((size_t)count * s->L, 1, &fail);
            if (fail) {
                free(held);
                return NO_MEMORY;
            }
            int n = 0;
            for (int w = 0; w < rows_w; w++) {
                uint64_t m = held[w];
                while (m) {
                    int32_t row = w * 64 + __builtin_ctzll(m);
                    m &= m - 1;
                    memcpy(s->own_codes + (size_t)n * s->L, s->table + (size_t)row * s->L, s->L);
                    s->rows[n++] = row;
                }
            }
            s->n = n;
            s->W = n ? (n + 63) / 64 : 1;
            s->codes = s->own_codes;
            status = build_bits(st, s);
        }
        free(held);
        if (status != SOLVED) return status;
    }
    return SOLVED;
}

/* After the root propagation: which indices of each space some domain holds. */
static int mark_used(S *st) {
    int fail = 0;
    for (int k = 0; k < st->nspaces; k++) {
        Space *s = &st->spaces[k];
        s->used = cal(s->W, 8, &fail);
        s->before = cal(s->W, sizeof *s->before, &fail);
        if (fail) return 0;
    }
    for (int v = 0; v < st->V; v++) bits_or(SPACE(st, v)->used, st->dom[v], st->W[v]);
    for (int k = 0; k < st->nspaces; k++) {
        Space *s = &st->spaces[k];
        int32_t total = 0;
        for (int w = 0; w < s->W; w++) {
            s->before[w] = total;
            total += __builtin_popcountll(s->used[w]);
        }
    }
    return 1;
}

static int setup(S *st, const Spec *sp) {
    int fail = 0, V = sp->n_vars;
    st->sp = sp;
    st->V = V;
    st->A = sp->alphabet;
    st->NW = (V + 1 + 63) / 64;
    st->LMAX = 1;
    for (int v = 0; v < V; v++) {
        if (sp->length[v] < 1 || sp->length[v] > 64) return BAD_INPUT;
        if (sp->length[v] > st->LMAX) st->LMAX = sp->length[v];
    }
    if (st->A < 1 || st->A > 64) return BAD_INPUT;
    int status = build_spaces(st);
    if (status != SOLVED) return status;
    st->L = cal(V, sizeof *st->L, &fail);
    st->W = cal(V, sizeof *st->W, &fail);
    st->dom = cal(V, sizeof *st->dom, &fail);
    st->pref = cal(V, sizeof *st->pref, &fail);
    st->own_pref = cal(V, sizeof *st->own_pref, &fail);
    st->size = cal(V, sizeof *st->size, &fail);
    st->sets = cal((size_t)V * st->LMAX, sizeof *st->sets, &fail);
    st->counts = cal((size_t)V * st->LMAX * st->A, sizeof *st->counts, &fail);
    st->watch = cal((size_t)V * BUCKETS, sizeof *st->watch, &fail);
    st->wn = cal((size_t)V * BUCKETS, sizeof *st->wn, &fail);
    st->wcap = cal((size_t)V * BUCKETS, sizeof *st->wcap, &fail);
    st->chg = cal(V, 8, &fail);
    int widest = 1;
    for (int k = 0; k < st->nspaces; k++)
        if (st->spaces[k].W > widest) widest = st->spaces[k].W;
    st->removed = cal(widest, 8, &fail);
    if (fail) return NO_MEMORY;
    for (int v = 0; v < V; v++) {
        Space *s = SPACE(st, v);
        st->L[v] = s->L;
        st->W[v] = s->W;
        st->dom[v] = cal(s->W, 8, &fail);
        if (fail) return NO_MEMORY;
        const uint64_t *given = sp->dom[v];
        int rows_w = (s->n_rows + 63) / 64;
        if (s->rows == NULL) {
            st->pref[v] = sp->pref[v];
            int words = s->W < rows_w ? s->W : rows_w;
            memcpy(st->dom[v], given, (size_t)words * 8);
            if (s->n % 64) st->dom[v][s->W - 1] &= (1ULL << (s->n % 64)) - 1;
        } else {
            st->own_pref[v] = cal(s->n, sizeof(float), &fail);
            if (fail) return NO_MEMORY;
            for (int i = 0; i < s->n; i++) st->own_pref[v][i] = sp->pref[v][s->rows[i]];
            st->pref[v] = st->own_pref[v];
            /* rows ascend, and so do the rows a domain holds: one merge */
            int j = 0;
            for (int w = 0; w < rows_w; w++) {
                uint64_t m = given[w];
                if (w == rows_w - 1) m &= last_word_mask(s->n_rows);
                while (m) {
                    int32_t row = w * 64 + __builtin_ctzll(m);
                    m &= m - 1;
                    while (s->rows[j] < row) j++;
                    st->dom[v][j >> 6] |= 1ULL << (j & 63);
                }
            }
        }
        /* a domain handed over for several variables is counted once */
        int twin = -1;
        for (int u = 0; u < v && twin < 0; u++)
            if (sp->dom[u] == given && st->space_of[u] == st->space_of[v]) twin = u;
        uint64_t *sets = SETS(st, v);
        if (twin >= 0) {
            st->size[v] = st->size[twin];
            memcpy(sets, SETS(st, twin), (size_t)s->L * sizeof *sets);
            memcpy(COUNTS(st, v), COUNTS(st, twin), (size_t)s->L * st->A * sizeof(int32_t));
        } else {
            for (int p = 0; p < s->L; p++) sets[p] = (1ULL << (st->A - 1) << 1) - 1;
            refresh(st, v, NULL, 0);
        }
    }
    /* crossings, by variable */
    st->xo = cal(V + 1, sizeof *st->xo, &fail);
    st->xs = cal((size_t)sp->n_cross * 3, sizeof *st->xs, &fail);
    if (fail) return NO_MEMORY;
    for (int k = 0; k < sp->n_cross; k++) {
        const int32_t *c = sp->cross + 4 * k;
        if (c[0] < 0 || c[0] >= V || c[2] < 0 || c[2] >= V || c[0] == c[2]) return BAD_INPUT;
        if (c[1] < 0 || c[1] >= st->L[c[0]] || c[3] < 0 || c[3] >= st->L[c[2]]) return BAD_INPUT;
        st->xo[c[0] + 1]++;
    }
    for (int v = 0; v < V; v++) st->xo[v + 1] += st->xo[v];
    int32_t *fill = cal(V, sizeof *fill, &fail);
    if (fail) return NO_MEMORY;
    for (int k = 0; k < sp->n_cross; k++) {
        const int32_t *c = sp->cross + 4 * k;
        int at = st->xo[c[0]] + fill[c[0]]++;
        st->xs[3 * at] = c[1], st->xs[3 * at + 1] = c[2], st->xs[3 * at + 2] = c[3];
    }
    free(fill);
    /* distinct neighbours */
    st->no = cal(V + 1, sizeof *st->no, &fail);
    st->nb = cal((size_t)sp->n_cross, sizeof *st->nb, &fail);
    char *seen = cal(V, 1, &fail);
    if (fail) return NO_MEMORY;
    for (int v = 0; v < V; v++) {
        st->no[v + 1] = st->no[v];
        for (int k = st->xo[v]; k < st->xo[v + 1]; k++) {
            int t = st->xs[3 * k + 1];
            if (!seen[t]) seen[t] = 1, st->nb[st->no[v + 1]++] = t;
        }
        for (int k = st->no[v]; k < st->no[v + 1]; k++) seen[st->nb[k]] = 0;
    }
    free(seen);
    /* groups: ids remapped to 0..G-1; members must share a space */
    st->gidx = cal(V, sizeof *st->gidx, &fail);
    st->go = cal(V + 1, sizeof *st->go, &fail);
    st->gv = cal(V, sizeof *st->gv, &fail);
    if (fail) return NO_MEMORY;
    int G = 0;
    for (int v = 0; v < V; v++) {
        st->gidx[v] = -1;
        if (sp->group[v] < 0) continue;
        for (int u = 0; u < v; u++)
            if (sp->group[u] == sp->group[v]) {
                if (st->space_of[u] != st->space_of[v]) return BAD_INPUT;
                st->gidx[v] = st->gidx[u];
                break;
            }
        if (st->gidx[v] < 0) st->gidx[v] = G++;
    }
    for (int v = 0; v < V; v++)
        if (st->gidx[v] >= 0) st->go[st->gidx[v] + 1]++;
    for (int g = 0; g < G; g++) st->go[g + 1] += st->go[g];
    int32_t *gfill = cal(G + 1, sizeof *gfill, &fail);
    if (fail) return NO_MEMORY;
    for (int v = 0; v < V; v++)
        if (st->gidx[v] >= 0) st->gv[st->go[st->gidx[v]] + gfill[st->gidx[v]]++] = v;
    free(gfill);
    st->reasons = cal((size_t)V * st->NW, 8, &fail);
    st->failures = cal(V, sizeof *st->failures, &fail);
    st->root_size = cal(V, sizeof *st->root_size, &fail);
    st->tcap = 1024;
    st->tvar = cal(st->tcap, sizeof *st->tvar, &fail);
    st->toff = cal(st->tcap, sizeof *st->toff, &fail);
    st->acap = 1 << 16;
    st->arena = cal(st->acap, 8, &fail);
    st->stamp = cal(V, sizeof *st->stamp, &fail);
    st->dirty = cal(V, 8, &fail);
    st->src = cal(V, sizeof *st->src, &fail);
    st->tgt = cal(V, sizeof *st->tgt, &fail);
    st->insrc = cal(V, 1, &fail);
    st->intgt = cal(V, 1, &fail);
    st->conflict = cal(st->NW, 8, &fail);
    st->stack = cal(V + 1, sizeof *st->stack, &fail);
    st->saved_cap = 16;
    st->saved = cal((size_t)st->saved_cap * V * st->NW, 8, &fail);
    st->infrag = cal(V, 1, &fail);
    st->bfs = cal(V, sizeof *st->bfs, &fail);
    st->best = cal(V, sizeof *st->best, &fail);
    if (fail) return NO_MEMORY;
    for (int v = 0; v < V; v++) st->stamp[v] = -1, st->best[v] = -1;
    st->rng = sp->seed * 0x9E3779B97F4A7C15ULL + 1;
    st->randomise = sp->seeded;
    st->best_filled = -1;
    return SOLVED;
}

/* -- the search -------------------------------------------------------------------- */

static int count_filled(const S *st) {
    int n = 0;
    for (int v = 0; v < st->V; v++) n += st->size[v] == 1;
    return n;
}

static void keep_best(S *st) {
    int filled = count_filled(st);
    st->sp->stats[ST_FILLED] = filled;
    if (filled <= st->best_filled) return;
    st->best_filled = filled;
    for (int v = 0; v < st->V; v++)
        st->best[v] = st->size[v] == 1 ? first_member(st->dom[v], st->W[v]) : -1;
}

static void write_out(S *st, const int32_t *values) {
    for (int v = 0; v < st->V; v++) {
        const int32_t *rows = SPACE(st, v)->rows;
        st->sp->solution[v] = values[v] < 0 ? -1 : rows ? rows[values[v]] : values[v];
    }
}

static int search(S *st) {
    const Spec *sp = st->sp;
    int64_t *stats = sp->stats;
    int fail = 0, V = st->V, NW = st->NW;
    size_t snap = (size_t)V * NW;
    /* root: every variable is a source with all its positions changed */
    st->cur_stamp = 0;
    st->next_stamp = 1;
    for (int v = 0; v < V; v++) {
        st->chg[v] = st->L[v] == 64 ? ~0ULL : (1ULL << st->L[v]) - 1;
        add_source(st, v);
    }
    if (propagate(st, &fail)) return fail ? NO_MEMORY : UNSATISFIABLE;
    if (!mark_used(st)) return NO_MEMORY;
    for (int v = 0; v < V; v++) st->root_size[v] = st->size[v] > 0 ? st->size[v] : 1;
    int64_t root_mark = st->tn;
    int64_t run = 1;
    double limit = restart_limit(sp, run);
    double failures = 0;
    st->depth = 0;
    for (;;) {
        keep_best(st);
        if (sp->max_nodes && stats[ST_NODES] >= sp->max_nodes) return NODE_LIMIT;
        if (sp->poll && stats[ST_NODES] % sp->poll_every == 0) {
            write_out(st, st->best);
            if (sp->poll()) return STOPPED;
        }
        int var = choose_var(st);
        if (var < 0) return SOLVED;
        int value = choose_value(st, var);
        stats[ST_NODES]++;
        Frame *f = &st->stack[st->depth];
        f->var = var;
        f->value = value;
        f->mark = st->tn;
        f->stamp = st->cur_stamp;
        if (st->depth == st->saved_cap) {
            int cap = st->saved_cap * 2;
            uint64_t *grown = realloc(st->saved, (size_t)cap * snap * 8);
            if (!grown) return NO_MEMORY;
            st->saved = grown;
            st->saved_cap = cap;
        }
        memcpy(st->saved + (size_t)st->depth * snap, st->reasons, snap * 8);
        st->depth++;
        st->cur_stamp = st->next_stamp++;
        int level = st->depth;
        if (!assign(st, var, value)) return NO_MEMORY;
        uint64_t *r = REASONS(st, var);
        memset(r, 0, (size_t)NW * 8);
        r[level / 64] |= 1ULL << (level % 64);
        add_source(st, var);
        int conflict = propagate(st, &fail);
        while (conflict) {
            if (fail) return NO_MEMORY;
            clear_queues(st);
            stats[ST_BACKTRACKS]++;
            failures += 1;
            uint64_t *cs = st->conflict;
            if (!sp->backjumping) {
                memset(cs, 0, (size_t)NW * 8);
                for (int l = 1; l <= st->depth; l++) cs[l / 64] |= 1ULL << (l % 64);
            }
            int jump = bits_top(cs, NW);
            if (jump <= 0) return UNSATISFIABLE;
            if (sp->nogoods) {
                int added = nogood_add(st, cs);
                if (added < 0) return NO_MEMORY;
                stats[ST_NOGOODS] += added;
            }
            if (jump < st->depth) {
                stats[ST_BACKJUMPS]++;
                st->fragment_on = 0;
            }
            Frame *back = &st->stack[jump - 1];
            undo_to(st, back->mark);
            /* the conflict set outlives the restored reasons: keep it aside */
            uint64_t why[NW];
            memcpy(why, cs, (size_t)NW * 8);
            why[jump / 64] &= ~(1ULL << (jump % 64));
            memcpy(st->reasons, st->saved + (size_t)(jump - 1) * snap, snap * 8);
            st->depth = jump - 1;
            st->cur_stamp = back->stamp;
            int bvar = back->var;
            conflict = drop_value(st, bvar, back->value, why, &fail);
            if (conflict) {
                if (fail) return NO_MEMORY;
                memcpy(st->conflict, REASONS(st, bvar), (size_t)NW * 8);
                st->failures[bvar] += 1;
            } else {
                conflict = propagate(st, &fail);
            }
        }
        if (st->depth == 0) root_mark = st->tn;
        if (failures >= limit) {
            failures = 0;
            run++;
            limit = restart_limit(sp, run);
            stats[ST_RESTARTS]++;
            st->fragment_on = 0;
            st->randomise = 1;
            undo_to(st, root_mark);
            if (st->depth > 0) {
                memcpy(st->reasons, st->saved, snap * 8);
                st->cur_stamp = st->stack[0].stamp;
            }
            st->depth = 0;
        }
    }
}

/* Entry point: returns a status code (SOLVED, UNSATISFIABLE, STOPPED, NODE_LIMIT, …). */
int32_t cf_table_search(const Spec *sp) {
    S st;
    memset(&st, 0, sizeof st);
    memset(sp->stats, 0, ST_COUNT * sizeof *sp->stats);
    int status = setup(&st, sp);
    if (status == SOLVED) {
        status = search(&st);
        if (status == SOLVED) {
            for (int v = 0; v < st.V; v++) st.best[v] = first_member(st.dom[v], st.W[v]);
            st.best_filled = st.V;
        }
        write_out(&st, st.best);
    }
    free_state(&st);
    return status;
}

/* Spec as compiled: its size, then the offsets of n_cross, max_nodes, seed, poll and stats.
 * table_search.py compares them with its ctypes mirror when it loads this library. */
void cf_spec_layout(int64_t out[6]) {
    out[0] = sizeof(Spec);
    out[1] = offsetof(Spec, n_cross);
    out[2] = offsetof(Spec, max_nodes);
    out[3] = offsetof(Spec, seed);
    out[4] = offsetof(Spec, poll);
    out[5] = offsetof(Spec, stats);
}

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, .m_name = "_table_search", .m_doc = NULL, .m_size = -1};

PyMODINIT_FUNC PyInit__table_search(void) { return PyModule_Create(&module); }
