/* The search of Thousand's double-dummy solver (replay/thousand/dd.py), in C.
 *
 * The same alpha-beta search as Solver._node in dd.py: the same rules of play (T5, T6 and
 * the switches that touch play), the same move order, the same bounds and the same
 * transposition table (kept between calls, so the positions of one hand share their work;
 * here a fixed-size table whose entries a newer position takes over, so the node counts
 * differ a little).  It knows Thousand's 24 cards only (the table packs them).  dd.py
 * uses it when the package was built with a C compiler, and is its reference: the tests
 * compare the two, and both with a brute force through the rules engine.
 *
 * Cards are 0..35 (9 * suit + rank, rank 0 = six .. 8 = ace: notation.cards), hands are
 * bitmasks.
 */
#include "../native.h"

#define INF 1000000
/* 2 MB of table, which stays in the processor's caches: a larger table or buckets with a
 * choice of which entry to replace keep a few more positions but take longer per node
 * (measured with bench/dd.py --simulate; the node counts differ by 5%). */
#define TT_BITS 17
#define TT_SIZE (1u << TT_BITS)

static const int POINTS_OF_RANK[9] = {0, 0, 0, 0, 2, 3, 4, 10, 11};
enum { QUEEN = 5, KING = 6, ACE = 8 };
static int POINTS[36];
static int SUIT_POINTS[512];
static const uint64_t SUIT_MASK = 0x1FF;

/* One position at the start of a trick, in 16 bytes: the three hands of Thousand's 24 cards
 * in 24 bits each (deck24), the rest of the position in meta, the bounds (every value lies
 * in 0..1000: int16 is exact; the infinite bounds are kept as +-BOUND) and the best move. */
typedef struct {
    uint64_t key;   /* hand 0 | hand 1 << 24 | meta << 48, meta = turn | trump+1 << 2 | first << 5 | decl << 6 | 1 << 8 */
    uint32_t rest;  /* hand 2 | best move + 1 << 24 */
    int16_t lo, hi;
} Entry;
#define BOUND 32000

typedef struct {
    PyObject_HEAD
    int must_overtake, marriage_first_trick, trump_next_trick, ace_marriage;
    int marriage_values[4];
    Entry *table;
    long long nodes;
} Search;


static inline int beats(int card, int best, int trump) {
    if (suit_of(card) == suit_of(best)) return card > best;
    return suit_of(card) == trump;
}

static inline int points_of(uint64_t m) {
    return SUIT_POINTS[m & SUIT_MASK] + SUIT_POINTS[(m >> 9) & SUIT_MASK] +
           SUIT_POINTS[(m >> 18) & SUIT_MASK] + SUIT_POINTS[(m >> 27) & SUIT_MASK];
}

static const uint64_t ACES = (1ull << 8) | (1ull << 17) | (1ull << 26) | (1ull << 35);

static uint64_t follow_mask(uint64_t hand, int led, int best, int trump, int overtake) {
    uint64_t pool = hand & (SUIT_MASK << (9 * led));
    if (!pool && trump >= 0) pool = hand & (SUIT_MASK << (9 * trump));
    if (!pool) pool = hand;
    if (overtake) {
        int bs = suit_of(best);
        uint64_t better = pool & (SUIT_MASK << (9 * bs)) & ~((2ull << best) - 1);
        if (bs != trump && trump >= 0) better |= pool & (SUIT_MASK << (9 * trump));
        if (better) pool = better;
    }
    return pool;
}

static int marriage_value(Search *s, uint64_t hand, int card, int first) {
    if (first && !s->marriage_first_trick) return 0;
    int rank = rank_of(card);
    if (rank == KING || rank == QUEEN) {
        int partner = rank == QUEEN ? card + 1 : card - 1;
        return (hand >> partner & 1) ? s->marriage_values[suit_of(card)] : 0;
    }
    if (rank == ACE && s->ace_marriage && (hand & ACES) == ACES) return s->ace_marriage;
    return 0;
}

static inline int lead_order(int m) {
    int card = m & 63;
    return (m >= 64) * 100 + rank_of(card) * 2 + POINTS[card];
}

static inline int follow_order(int card, int best, int trump, int friend_) {
    if (beats(card, best, trump)) return -100 - POINTS[card];
    return friend_ ? -POINTS[card] : POINTS[card];
}

/* Python's sort is stable: an insertion sort keeps the order of equal keys too. */
static void sort_desc(int *moves, int *keys, int n) {
    for (int i = 1; i < n; i++) {
        int m = moves[i], k = keys[i], j = i - 1;
        while (j >= 0 && keys[j] < k) { moves[j + 1] = moves[j]; keys[j + 1] = keys[j]; j--; }
        moves[j + 1] = m; keys[j + 1] = k;
    }
}

static void sort_asc(int *moves, int *keys, int n) {
    for (int i = 1; i < n; i++) {
        int m = moves[i], k = keys[i], j = i - 1;
        while (j >= 0 && keys[j] > k) { moves[j + 1] = moves[j]; keys[j + 1] = keys[j]; j--; }
        moves[j + 1] = m; keys[j + 1] = k;
    }
}

/* The 24 cards of Thousand (nine to ace of each suit) packed into 24 bits. */
static const uint64_t DECK24 = 0x1F8ull * (1ull | 1ull << 9 | 1ull << 18 | 1ull << 27);

static inline uint64_t deck24(uint64_t m) {
    return ((m >> 3) & 0x3F) | ((m >> 6) & 0xFC0) | ((m >> 9) & 0x3F000) | ((m >> 12) & 0xFC0000);
}

/* The one entry a position may occupy: a newer position takes it over. */
static inline Entry *slot_of(Search *s, uint64_t key, uint32_t h2) {
    uint64_t x = key * 0x9E3779B97F4A7C15ull ^ (h2 * 0xC2B2AE3D27D4EB4Full);
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 32;
    return &s->table[x & (TT_SIZE - 1)];
}

static inline int holds(const Entry *e, uint64_t key, uint32_t h2) {
    return e->key == key && (e->rest & 0xFFFFFF) == h2;
}

static int node(Search *s, uint64_t *h, int turn, int decl, int *cards, int *seats, int n,
                int trump, int nxt, int first, int alpha, int beta) {
    s->nodes++;
    if (beta <= 0) return 0; /* nothing is lost from here on: the value is at least 0 */
    uint64_t hand = h[turn];
    int moves[24], keys[24], nm = 0;
    int best_move = -1;
    int a0 = alpha, b0 = beta;
    Entry *entry = NULL;
    uint64_t key = 0;
    uint32_t h2 = 0;
    if (n == 0) {
        if (!hand) return 0;
        if ((hand & (hand - 1)) == 0) { /* one card each: the last trick is forced */
            int c0 = __builtin_ctzll(h[turn]);
            int c1 = __builtin_ctzll(h[(turn + 1) % 3]);
            int c2 = __builtin_ctzll(h[(turn + 2) % 3]);
            int w = 0, b = c0;
            if (beats(c1, b, trump)) { w = 1; b = c1; }
            if (beats(c2, b, trump)) w = 2;
            return (turn + w) % 3 == decl ? POINTS[c0] + POINTS[c1] + POINTS[c2] : 0;
        }
        uint64_t meta = (uint64_t)turn | (uint64_t)(trump + 1) << 2 | (uint64_t)first << 5 |
                        (uint64_t)decl << 6 | 1u << 8;
        key = deck24(h[0]) | deck24(h[1]) << 24 | meta << 48;
        h2 = (uint32_t)deck24(h[2]);
        entry = slot_of(s, key, h2);
        if (holds(entry, key, h2)) {
            int lo = entry->lo, hi = entry->hi;
            best_move = (int)(entry->rest >> 24) - 1;
            if (lo >= beta) return lo;
            if (hi <= alpha) return hi;
            if (lo == hi) return lo;
            if (lo > alpha) alpha = lo;
            if (hi < beta) beta = hi;
        } else {
            best_move = -1;
        }
        uint64_t dh = h[decl];
        int upper = points_of(h[0] | h[1] | h[2]);
        for (int su = 0; su < 4; su++)
            if (s->marriage_values[su] && ((dh >> (9 * su + QUEEN)) & 3) == 3) upper += s->marriage_values[su];
        if (s->ace_marriage && (dh & ACES) == ACES) upper += s->ace_marriage;
        if (upper <= alpha) return upper;
        for (uint64_t m = hand; m; m &= m - 1) {
            int c = __builtin_ctzll(m);
            moves[nm] = c; keys[nm] = lead_order(c); nm++;
            if (marriage_value(s, hand, c, first)) { moves[nm] = c + 64; keys[nm] = lead_order(c + 64); nm++; }
        }
        sort_desc(moves, keys, nm);
        for (int i = 0; i < nm; i++) {
            if (moves[i] == best_move) {
                for (int j = i; j > 0; j--) moves[j] = moves[j - 1];
                moves[0] = best_move;
                break;
            }
        }
    } else {
        int led = suit_of(cards[0]), best = cards[0], wseat = seats[0];
        for (int i = 1; i < n; i++)
            if (beats(cards[i], best, trump)) { best = cards[i]; wseat = seats[i]; }
        uint64_t pool = follow_mask(hand, led, best, trump, s->must_overtake);
        for (uint64_t m = pool; m; m &= m - 1) { moves[nm++] = __builtin_ctzll(m); }
        if (nm > 1) {
            int friend_ = (wseat == decl) == (turn == decl);
            for (int i = 0; i < nm; i++) keys[i] = follow_order(moves[i], best, trump, friend_);
            sort_asc(moves, keys, nm);
        }
    }
    int maximize = turn == decl;
    int value = maximize ? -INF : INF;
    for (int i = 0; i < nm; i++) {
        int m = moves[i], card = m & 63, v;
        h[turn] = hand & ~(1ull << card);
        int t2 = trump, n2 = nxt, gain = 0;
        if (m >= 64) {
            int mv = marriage_value(s, hand, card, first);
            if (turn == decl) gain = mv;
            if (rank_of(card) != ACE) {
                if (s->trump_next_trick) n2 = suit_of(card);
                else t2 = suit_of(card);
            }
        }
        if (n < 2) {
            cards[n] = card;
            seats[n] = turn;
            v = gain + node(s, h, (turn + 1) % 3, decl, cards, seats, n + 1, t2, n2, first,
                            alpha - gain, beta - gain);
        } else {
            int w = seats[0], b = cards[0];
            if (beats(cards[1], b, t2)) { w = seats[1]; b = cards[1]; }
            if (beats(card, b, t2)) w = turn;
            if (w == decl) gain += POINTS[cards[0]] + POINTS[cards[1]] + POINTS[card];
            if (n2 >= 0) { t2 = n2; n2 = -1; }
            int c2[3], s2[3];
            v = gain + node(s, h, w, decl, c2, s2, 0, t2, n2, 0, alpha - gain, beta - gain);
        }
        h[turn] = hand;
        if (maximize) {
            if (v > value) { value = v; best_move = m; if (v > alpha) alpha = v; }
        } else if (v < value) {
            value = v; best_move = m; if (v < beta) beta = v;
        }
        if (alpha >= beta) break;
    }
    if (entry != NULL) {
        int lo = -BOUND, hi = BOUND;
        if (value <= a0) hi = value;
        else if (value >= b0) lo = value;
        else lo = hi = value;
        if (holds(entry, key, h2)) { /* still there after the search below */
            if (entry->lo > lo) lo = entry->lo;
            if (entry->hi < hi) hi = entry->hi;
        }
        entry->key = key;
        entry->rest = h2 | (uint32_t)(best_move + 1) << 24;
        entry->lo = (int16_t)lo;
        entry->hi = (int16_t)hi;
    }
    return value;
}

/* ---- the Python type ------------------------------------------------------------------ */

static int Search_init(Search *self, PyObject *args, PyObject *kwds) {
    int mv[4];
    if (!PyArg_ParseTuple(args, "pppi(iiii)", &self->must_overtake, &self->marriage_first_trick,
                          &self->trump_next_trick, &self->ace_marriage, &mv[0], &mv[1], &mv[2], &mv[3]))
        return -1;
    memcpy(self->marriage_values, mv, sizeof mv);
    if (self->table == NULL) {
        self->table = (Entry *)PyMem_Calloc(TT_SIZE, sizeof(Entry));
        if (self->table == NULL) { PyErr_NoMemory(); return -1; }
    }
    self->nodes = 0;
    return 0;
}

static void Search_dealloc(Search *self) {
    PyMem_Free(self->table);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Search_value(Search *self, PyObject *args) {
    unsigned long long h0, h1, h2;
    int turn, decl, trump, nxt, first, alpha, beta;
    PyObject *trick_cards, *trick_seats;
    if (!PyArg_ParseTuple(args, "KKKiiOOiipii", &h0, &h1, &h2, &turn, &decl, &trick_cards,
                          &trick_seats, &trump, &nxt, &first, &alpha, &beta))
        return NULL;
    int cards[3], seats[3];
    Py_ssize_t n = PySequence_Size(trick_cards);
    if (n < 0 || n > 2 || PySequence_Size(trick_seats) != n) {
        PyErr_SetString(PyExc_ValueError, "a trick on the table holds 0 to 2 cards");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *c = PySequence_GetItem(trick_cards, i), *st = PySequence_GetItem(trick_seats, i);
        if (c == NULL || st == NULL) { Py_XDECREF(c); Py_XDECREF(st); return NULL; }
        cards[i] = (int)PyLong_AsLong(c);
        seats[i] = (int)PyLong_AsLong(st);
        Py_DECREF(c); Py_DECREF(st);
        if (PyErr_Occurred()) return NULL;
        if (cards[i] < 0 || cards[i] > 35 || seats[i] < 0 || seats[i] > 2) {
            PyErr_SetString(PyExc_ValueError, "a card is 0..35 and a seat 0..2");
            return NULL;
        }
    }
    uint64_t cards_out = h0 | h1 | h2;
    for (Py_ssize_t i = 0; i < n; i++) cards_out |= 1ull << cards[i];
    if (cards_out & ~DECK24) {
        PyErr_SetString(PyExc_ValueError, "a Thousand position holds only the 24 cards nine to ace");
        return NULL;
    }
    uint64_t h[3] = {h0, h1, h2};
    int v = node(self, h, turn, decl, cards, seats, (int)n, trump, nxt, first, alpha, beta);
    return PyLong_FromLong(v);
}

KOZYR_SEARCH_TYPE("replay.thousand.ddsearch.Search", "The double-dummy search of one set of play rules, with its transposition table.",
                  "value(h0, h1, h2, turn, declarer, trick_cards, trick_seats, trump, next_trump, first, alpha, beta)")

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "ddsearch", NULL, -1, NULL};

PyMODINIT_FUNC PyInit_ddsearch(void) {
    for (int c = 0; c < 36; c++) POINTS[c] = POINTS_OF_RANK[rank_of(c)];
    for (int m = 0; m < 512; m++) {
        int p = 0;
        for (int r = 0; r < 9; r++) if (m >> r & 1) p += POINTS_OF_RANK[r];
        SUIT_POINTS[m] = p;
    }
    return kozyr_search_module(&module, &SearchType);
}
