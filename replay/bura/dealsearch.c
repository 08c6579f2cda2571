/* Bura's exact search of one two-player deal whose cards are all placed, in C.
 *
 * A layout of a deal (both hands and the stock's order, as replay.sample draws them) is a
 * game of perfect information.  This is the search replay.solve.Solver makes of it through
 * the engine, written for the games of Bura's family (Bura and its variants: the switches
 * below are read from the table, DealSearch in replay/bura/__init__.py) so that it is some hundreds of
 * times as fast: the same rules (B3-B9, K4-K7: leads of one suit, answers of as many cards
 * face up or face down, a set beaten by pairing, the draws, the claim after a trick, the
 * combinations shown at a player's turn or out of turn, two buras played off), the same
 * choices in the same order of who chooses first (a player who may show a combination out
 * of turn chooses before the player to move, as replay.solve.decide does), one of each set
 * of equal cards (as the engine's distinct_moves: twins() below), the same value
 * (what the seat gains in the deal less what the other gains: the pot in chips, or penalty
 * points), and a show that changes nothing is skipped as the game-free solver skips it.
 * The tests hold it to the game-free Solver position by position.
 *
 * What it does not search it says: a position it cannot continue (two buras played off
 * while a trick lies on the table, or a combination shown during a play-off, where the
 * engine lets the shows go round) makes value() raise ValueError, as a card nobody recorded does; the decision is then not
 * judged.
 *
 * Cards are notation.cards' 0..35 (9 * suit + rank, rank 0 = six .. 8 = ace), bits of a
 * 64-bit hand.  Values are in units: the pot (a claim or a bura wins it, a false claim
 * pays it, a void deal is 0) or the penalty's factor (2, 4, 6).
 */
#include "../native.h"

#define INF 100
#define TOO_LARGE 1001
#define UNSUPPORTED 1002
#define CONT 1003
#define ILLEGAL 1004
#define MAX_MOVES 96
#define MAX_PATH 256

static const int POINTS[9] = {0, 0, 0, 0, 2, 3, 4, 10, 11}; /* 6 7 8 9 J Q K T A */
static const uint64_t SUIT = 0x1FFull;
static const uint64_t ACES = (1ull << 8) | (1ull << 17) | (1ull << 26) | (1ull << 35);

enum { PLAY, DRAW, END, BURA };                            /* phases */
enum { C_BURA, C_MOSKVA, C_MOLODKA, C_FOREHEADS, NCOMBO };  /* combinations */
enum { M_CLAIM, M_SHOW, M_LAY, M_DRAW, M_SETTLE };          /* moves */

typedef struct {
    uint64_t hand[2];
    uint64_t lead;        /* the cards led in the open trick, 0 */
    int8_t sp;            /* cards drawn from the stock the search was given */
    int8_t phase;
    int8_t turn, leader;
    int8_t claim;         /* the seat that may claim (the last taker, before the next lay), -1 */
    int8_t due;           /* rounds of draws due (phase DRAW) */
    int8_t first;         /* the deal's first trick */
    int8_t right_seat;    /* the holder of an out-of-turn lead right, -1 */
    int8_t right_rank;
    int8_t outranked;     /* seats whose right another's outranks (bits) */
    int8_t nb, buras[2];  /* the seats that showed a bura (or Moskva) still open */
    int8_t playoff;
    int8_t took[2];       /* whether each seat took a trick */
    int16_t points[2];    /* card points taken */
} Pos;

typedef struct {
    uint64_t up;
    int8_t type, seat, down, combo;
} Move;

typedef struct {
    PyObject_HEAD
    int playoff_rule;     /* two buras at once are played off (else each such show ends the deal) */
    int combo_size, hand_size, first_limit, rights_from_second, claims, void_end, penalties;
    int open, zero_points, higher_card, moskva_with_trump;
    int allowed[NCOMBO], instant[NCOMBO];
    KozyrTable table;
    long long nodes, budget;
    int8_t stock[36];
    uint64_t rest[37];    /* rest[i]: the stock's cards from its i-th on */
    int ns, trump;
    uint64_t path[MAX_PATH][3];
    int depth;
} Search;

static inline int popc(uint64_t m) { return __builtin_popcountll(m); }
static inline int low_bit(uint64_t m) { return __builtin_ctzll(m); }

static inline int points_of(uint64_t m) {
    int t = 0;
    for (; m; m &= m - 1) t += POINTS[rank_of(low_bit(m))];
    return t;
}

/* B5.1 */
static inline int beats(int card, int other, int trump) {
    if (suit_of(card) == suit_of(other)) return card > other;
    return suit_of(card) == trump;
}

/* B5.2: the cards of ``attack`` paired one to one with those of ``target``, each beating its
 * partner (any pairing). */
static int beats_set(uint64_t attack, uint64_t target, int trump) {
    if (!target) return 1;
    int t = low_bit(target);
    for (uint64_t m = attack; m; m &= m - 1) {
        int a = low_bit(m);
        if (beats(a, t, trump) && beats_set(attack & ~(1ull << a), target & (target - 1), trump)) return 1;
    }
    return 0;
}

static inline int pool(const Search *s, const Pos *p) { return s->ns - p->sp; }
static inline int trump_of(const Search *s) { return s->trump; }
static inline int order(const Pos *p, int seat) { return (seat - p->leader) & 1; }
static inline int in_buras(const Pos *p, int seat) {
    for (int i = 0; i < p->nb; i++) if (p->buras[i] == seat) return 1;
    return 0;
}

/* ---- the ends of a deal, as seat 0's value ------------------------------------------- */

static inline int won_by(int seat, int units) { return seat == 0 ? units : -units; }

/* B8.1, K6: a combination that wins the deal at once. */
static int combo_end(const Search *s, int combo, int seat) {
    if (!s->penalties) return won_by(seat, 1);
    return won_by(seat, combo == C_MOSKVA ? 6 : 2);
}

/* B7.2 */
static int claimed(const Pos *p, int seat) { return won_by(seat, p->points[seat] >= 31 ? 1 : -1); }

/* K7: the deck played out (two players: under 31 is 4, no trick or no points 6). */
static int played_out(const Search *s, const Pos *p) {
    if (p->points[0] == p->points[1]) return 0;
    int w = p->points[0] > p->points[1] ? 0 : 1, l = 1 - w;
    int zero = s->zero_points ? p->points[l] == 0 : !p->took[l];
    return won_by(w, zero ? 6 : p->points[l] < 31 ? 4 : 2);
}

/* ---- combinations (B8, K6) ------------------------------------------------------------ */

static int holds(const Search *s, uint64_t hand, int combo) {
    int k = s->combo_size, trump = trump_of(s);
    switch (combo) {
    case C_BURA:
        return popc(hand & (SUIT << (9 * trump))) >= k;
    case C_MOSKVA:
        if (popc(hand & ACES) < k) return 0;
        return !s->moskva_with_trump || (hand >> (9 * trump + 8) & 1);
    case C_MOLODKA:
        for (int su = 0; su < 4; su++) if (popc(hand & (SUIT << (9 * su))) >= k) return 1;
        return 0;
    default: { /* four foreheads: four cards worth more than 40 */
        if (popc(hand) < 4) return 0;
        int best[4] = {0, 0, 0, 0};
        for (uint64_t m = hand; m; m &= m - 1) {
            int v = POINTS[rank_of(low_bit(m))];
            for (int i = 0; i < 4; i++) if (v > best[i]) { int t = best[i]; best[i] = v; v = t; }
        }
        return best[0] + best[1] + best[2] + best[3] > 40;
    }
    }
}

static int strength(const Search *s, uint64_t hand) {
    int top = -1, trump = trump_of(s);
    for (uint64_t m = hand; m; m &= m - 1) {
        int c = low_bit(m), v = (suit_of(c) == trump) * 16 + rank_of(c);
        if (v > top) top = v;
    }
    return top;
}

/* B8.5: two buras (or a bura and Moskva) at once. */
static int two_buras(const Search *s, Pos *p) {
    int a = p->buras[0], b = p->buras[1];
    if (s->higher_card) return combo_end(s, C_BURA, strength(s, p->hand[a]) > strength(s, p->hand[b]) ? a : b);
    if (p->lead) return UNSUPPORTED;
    p->playoff = 1;
    p->leader = p->turn = (int8_t)(order(p, a) <= order(p, b) ? a : b);
    return CONT;
}

/* ``seat`` shows ``combo`` (which he holds): ILLEGAL, CONT, the deal's value, UNSUPPORTED. */
static int show(const Search *s, Pos *p, int seat, int combo) {
    int instant = s->instant[combo];
    if (s->playoff_rule && (combo == C_BURA || combo == C_MOSKVA)) {
        if (p->phase == BURA && !in_buras(p, seat)) {
            p->buras[p->nb++] = (int8_t)seat;
            p->phase = PLAY;
            return two_buras(s, p);
        }
        int pending = p->right_seat >= 0 && p->right_rank == 2 && p->right_seat != seat;
        if (combo == C_BURA && pending && !p->lead) {
            p->buras[0] = p->right_seat;
            p->buras[1] = (int8_t)seat;
            p->nb = 2;
            p->right_seat = -1;
            p->right_rank = 0;
            return two_buras(s, p);
        }
    }
    if (instant) {
        if (p->turn != seat) return ILLEGAL;
        if (!s->playoff_rule) return combo_end(s, combo, seat);
        p->buras[0] = (int8_t)seat;
        p->buras[1] = -1;
        p->nb = 1;
        p->phase = BURA;
        return CONT;
    }
    if (p->lead) return ILLEGAL;
    if (s->rights_from_second && p->first) return ILLEGAL;
    int rank = combo == C_MOLODKA || combo == C_FOREHEADS ? 1 : 2;
    if (p->right_seat >= 0) {
        int held = p->right_seat, hr = p->right_rank;
        if (held == seat) return ILLEGAL;
        if (hr > rank || (hr == rank && order(p, held) < order(p, seat))) {
            p->outranked |= (int8_t)(1 << seat);
            return CONT;
        }
        p->outranked |= (int8_t)(1 << held);
    }
    p->right_seat = (int8_t)seat;
    p->right_rank = (int8_t)rank;
    p->turn = (int8_t)seat;
    return CONT;
}

/* ---- play ----------------------------------------------------------------------------- */

/* B5.3, B6: the trick closes; the taker may claim, then the draws. */
static int close_trick(const Search *s, Pos *p, int w, uint64_t cards) {
    int k = popc(p->lead);
    p->points[w] += (int16_t)points_of(cards);
    p->took[w] = 1;
    p->lead = 0;
    p->first = 0;
    p->leader = p->turn = (int8_t)w;
    if (p->playoff) return combo_end(s, C_BURA, w);
    p->claim = (int8_t)w;
    int rounds = pool(s, p) / 2;
    if (rounds > k) rounds = k;
    if (rounds) {
        p->phase = DRAW;
        p->due = (int8_t)rounds;
    } else if (!p->hand[0] && !p->hand[1]) {
        if (!s->void_end) return played_out(s, p);
        p->phase = END;
    }
    return CONT;
}

/* One move: CONT, the deal's value when it ends, ILLEGAL or UNSUPPORTED. */
static int apply(const Search *s, Pos *p, const Move *m) {
    switch (m->type) {
    case M_CLAIM:
        return claimed(p, m->seat);
    case M_SETTLE:
        if (p->phase == BURA) return combo_end(s, C_BURA, p->buras[0]);
        return 0; /* B9: a void deal */
    case M_SHOW:
        return show(s, p, m->seat, m->combo);
    case M_DRAW: {
        int w = p->claim;
        for (int r = 0; r < p->due; r++) {
            p->hand[w] |= 1ull << s->stock[p->sp++];
            p->hand[1 - w] |= 1ull << s->stock[p->sp++];
        }
        p->due = 0;
        p->claim = -1;
        p->phase = PLAY;
        return CONT;
    }
    default: break;
    }
    int seat = m->seat;
    p->hand[seat] &= ~m->up;
    p->claim = -1;
    if (!p->lead) {
        p->lead = m->up;
        p->leader = (int8_t)seat;
        p->right_seat = -1;
        p->right_rank = 0;
        p->outranked = 0;
        p->turn = (int8_t)(1 - seat);
        return CONT;
    }
    int w = !m->down && beats_set(m->up, p->lead, trump_of(s)) ? seat : p->leader;
    return close_trick(s, p, w, p->lead | m->up);
}

static inline void add(Move *mv, int *n, int type, int seat, uint64_t up, int down, int combo) {
    Move *m = &mv[(*n)++];
    m->type = (int8_t)type;
    m->seat = (int8_t)seat;
    m->up = up;
    m->down = (int8_t)down;
    m->combo = (int8_t)combo;
}

static int legal_show(const Search *s, const Pos *p, int seat, int combo) {
    if (!s->allowed[combo] || !holds(s, p->hand[seat], combo)) return 0;
    Pos q = *p;
    return show(s, &q, seat, combo) != ILLEGAL;
}

/* Every subset of ``cards`` with ``k`` cards, into ``out`` (returns how many). */
static int subsets(uint64_t cards, int k, uint64_t *out) {
    int n = 0, idx[9], c = 0;
    int list[36];
    for (uint64_t m = cards; m; m &= m - 1) list[c++] = low_bit(m);
    if (k > c || k <= 0) return 0;
    for (int i = 0; i < k; i++) idx[i] = i;
    for (;;) {
        uint64_t m = 0;
        for (int i = 0; i < k; i++) m |= 1ull << list[idx[i]];
        out[n++] = m;
        int i = k - 1;
        while (i >= 0 && idx[i] == c - k + i) i--;
        if (i < 0) return n;
        idx[i]++;
        for (int j = i + 1; j < k; j++) idx[j] = idx[j - 1] + 1;
    }
}

/* The game's card equivalence: two cards worth nothing (6 to 9) of one suit, in one hand,
 * with no card between them still in play (``alive``: in a hand, the stock or on the
 * table), do the same in every line: the same points, the same tricks beaten, the same
 * combinations.  A set of cards is searched only with the lowest of such twins (a set
 * holding a card holds its lower twin too): the others' values are the same. */
static uint64_t twins(uint64_t alive, uint64_t hand) {
    uint64_t out = 0;
    for (int su = 0; su < 4; su++) {
        int prev = -1; /* the card in play just below, in this suit */
        for (int r = 0; r < 9; r++) {
            int c = 9 * su + r;
            if (!(alive >> c & 1)) continue;
            if (r <= 3 && prev >= 0 && (hand >> prev & 1) && (hand >> c & 1)) out |= 1ull << c;
            prev = c;
        }
    }
    return out;
}

/* Whether ``set`` holds the lower twin of each twin it holds (``alive``: the cards in play). */
static int canonical(uint64_t set, uint64_t twin, uint64_t alive) {
    for (uint64_t m = set & twin; m; m &= m - 1) {
        int c = low_bit(m);
        uint64_t below = alive & ((1ull << c) - 1);
        if (!(set >> (63 - __builtin_clzll(below)) & 1)) return 0;
    }
    return 1;
}

/* The choices at ``p`` (replay.solve.options, engine order), and who moves (-1: nobody is
 * to move, as when a bura is shown and the other may answer it).  UNSUPPORTED where the
 * search does not follow the game. */
static int gen(const Search *s, const Pos *p, Move *mv, int *mover) {
    int n = 0;
    if (p->phase == BURA) { /* B8.1, B8.5: only a second bura (or Moskva) may follow */
        for (int seat = 0; seat < 2; seat++) {
            if (in_buras(p, seat)) continue;
            for (int combo = C_BURA; combo <= C_MOSKVA; combo++)
                if (legal_show(s, p, seat, combo)) add(mv, &n, M_SHOW, seat, 0, 0, combo);
        }
        add(mv, &n, M_SETTLE, -1, 0, 0, 0);
        *mover = -1;
        return n;
    }
    if (p->claim >= 0 && s->claims) add(mv, &n, M_CLAIM, p->claim, 0, 0, 0);
    if (p->phase == DRAW) {
        add(mv, &n, M_DRAW, p->claim, 0, 0, 0);
        *mover = p->claim;
        return n;
    }
    if (p->phase == END) {
        add(mv, &n, M_SETTLE, p->claim, 0, 0, 0);
        *mover = p->claim;
        return n;
    }
    for (int seat = 0; seat < 2; seat++)
        for (int combo = 0; combo < NCOMBO; combo++)
            if (legal_show(s, p, seat, combo)) {
                /* the engine lets a bura be shown again during a play-off, and the shows
                 * then go round: such a line's value hangs on which repetition is cut */
                if (p->playoff) return UNSUPPORTED;
                add(mv, &n, M_SHOW, seat, 0, 0, combo);
            }
    int seat = p->turn;
    *mover = seat;
    uint64_t hand = p->hand[seat], sets[256];
    uint64_t alive = p->hand[0] | p->hand[1] | p->lead | s->rest[p->sp], twin = twins(alive, hand);
    if (!p->lead) { /* B3, K4: one suit, up to the limit; the richest leads first */
        int limit = p->playoff ? 3 : (s->first_limit && p->first && p->right_seat < 0) ? s->first_limit : s->hand_size;
        int first = n;
        for (int su = 0; su < 4; su++) {
            uint64_t suited = hand & (SUIT << (9 * su));
            for (int k = 1; k <= limit; k++) {
                int c = subsets(suited, k, sets);
                for (int i = 0; i < c; i++) {
                    if (!canonical(sets[i], twin, alive)) continue;
                    int j = n, v = points_of(sets[i]);
                    add(mv, &n, M_LAY, seat, sets[i], 0, 0);
                    Move x = mv[j];
                    while (j > first && points_of(mv[j - 1].up) < v) { mv[j] = mv[j - 1]; j--; }
                    mv[j] = x;
                }
            }
        }
        return n;
    }
    /* B4: as many cards as were led, face up (the ones that take the trick first) or face
     * down (which never take it: only where face up they would) */
    int k = popc(p->lead), trump = trump_of(s);
    int c = subsets(hand, k, sets);
    if (twin) {
        int kept = 0;
        for (int i = 0; i < c; i++) if (canonical(sets[i], twin, alive)) sets[kept++] = sets[i];
        c = kept;
    }
    char takes[256];
    for (int i = 0; i < c; i++) takes[i] = (char)beats_set(sets[i], p->lead, trump);
    for (int i = 0; i < c; i++) if (takes[i]) add(mv, &n, M_LAY, seat, sets[i], 0, 0);
    for (int i = 0; i < c; i++) if (!takes[i]) add(mv, &n, M_LAY, seat, sets[i], 0, 0);
    if (!s->open)
        for (int i = 0; i < c; i++) if (takes[i]) add(mv, &n, M_LAY, seat, sets[i], 1, 0);
    return n;
}

static void key_of(const Pos *p, uint64_t *k) {
    k[0] = p->hand[0] | (uint64_t)p->sp << 36 | (uint64_t)p->phase << 42 | (uint64_t)p->turn << 44 |
           (uint64_t)p->leader << 45 | (uint64_t)(p->claim + 1) << 46 | (uint64_t)p->due << 48 |
           (uint64_t)p->first << 51 | (uint64_t)(p->right_seat + 1) << 52 | (uint64_t)p->right_rank << 54 |
           (uint64_t)p->outranked << 56 | (uint64_t)p->playoff << 58 | (uint64_t)p->took[0] << 59 |
           (uint64_t)p->took[1] << 60 | (uint64_t)p->nb << 61;
    k[1] = p->hand[1] | (uint64_t)p->points[0] << 36 | (uint64_t)p->points[1] << 43 |
           (uint64_t)(p->buras[0] + 1) << 50 | (uint64_t)(p->buras[1] + 1) << 52;
    k[2] = p->lead;
}

static int search(Search *s, const Pos *p, int alpha, int beta);

/* replay.solve.Solver._decide: the choices ``mv`` at ``p``; a player who may move out of
 * turn chooses first, between each of his moves and leaving the position to the other. */
static int decide(Search *s, const Pos *p, const Move *mv, int n, int mover, int alpha, int beta) {
    Move group[MAX_MOVES], later[MAX_MOVES];
    int ng = 0, nl = 0, chooses = -1;
    if (mover >= 0) {
        for (int i = 0; i < n && chooses < 0; i++)
            if (mv[i].type != M_SETTLE && mv[i].seat != mover) chooses = mv[i].seat;
    }
    if (chooses >= 0) {
        for (int i = 0; i < n; i++) {
            if (mv[i].type != M_SETTLE && mv[i].seat == chooses) group[ng++] = mv[i];
            else later[nl++] = mv[i];
        }
    } else {
        memcpy(group, mv, sizeof(Move) * (size_t)n);
        ng = n;
        chooses = mover;
        if (chooses < 0) {
            chooses = 0;
            for (int i = 0; i < n; i++) if (mv[i].type != M_SETTLE) { chooses = mv[i].seat; break; }
        }
    }
    int maxi = chooses == 0;
    int best = maxi ? -INF : INF;
    for (int i = 0; i < ng; i++) {
        Pos q = *p;
        int v = apply(s, &q, &group[i]);
        if (v == UNSUPPORTED) return UNSUPPORTED;
        if (v == ILLEGAL) continue;
        if (v == CONT) {
            if (group[i].type == M_SHOW) { /* a show that changes nothing is not searched */
                uint64_t k[3];
                int seen = 0;
                key_of(&q, k);
                for (int d = 0; d < s->depth && !seen; d++)
                    seen = s->path[d][0] == k[0] && s->path[d][1] == k[1] && s->path[d][2] == k[2];
                if (seen) continue;
            }
            v = search(s, &q, alpha, beta);
            if (v == TOO_LARGE || v == UNSUPPORTED) return v;
        }
        if (maxi) {
            if (v > best) best = v;
            if (v > alpha) alpha = v;
        } else {
            if (v < best) best = v;
            if (v < beta) beta = v;
        }
        if (alpha >= beta) return best;
    }
    if (nl) {
        int v = decide(s, p, later, nl, mover, alpha, beta);
        if (v == TOO_LARGE || v == UNSUPPORTED) return v;
        best = maxi ? (v > best ? v : best) : (v < best ? v : best);
    }
    return best;
}

static int search(Search *s, const Pos *p, int alpha, int beta) {
    if (++s->nodes > s->budget) return TOO_LARGE;
    if (s->depth >= MAX_PATH) return UNSUPPORTED;
    uint64_t k[3];
    key_of(p, k);
    KozyrEntry *e = kozyr_slot(&s->table, k);
    int lo = -INF, hi = INF;
    if (kozyr_holds(&s->table, e, k)) {
        lo = e->lo;
        hi = e->hi;
        if (lo == hi || lo >= beta) return lo;
        if (hi <= alpha) return hi;
    }
    int a = alpha > lo ? alpha : lo, b = beta < hi ? beta : hi;
    Move mv[MAX_MOVES];
    int mover = -1;
    int n = gen(s, p, mv, &mover);
    if (n == UNSUPPORTED || n == 0) return UNSUPPORTED;
    memcpy(s->path[s->depth++], k, sizeof k);
    int best = decide(s, p, mv, n, mover, a, b);
    s->depth--;
    if (best == TOO_LARGE || best == UNSUPPORTED) return best;
    kozyr_store(&s->table, e, k, best, a, b, -1);
    return best;
}

/* ---- the Python type ------------------------------------------------------------------ */

/* Search(playoff, combo_size, hand_size, first_limit, rights_from_second, claims, void_end,
 *        penalties, open, zero_points, higher_card, moskva_with_trump, allowed, instant, budget) */
static int Search_init(Search *self, PyObject *args, PyObject *kwds) {
    long long budget;
    int al[NCOMBO], in[NCOMBO];
    if (!PyArg_ParseTuple(args, "piiipppppppp(pppp)(pppp)L", &self->playoff_rule, &self->combo_size,
                          &self->hand_size, &self->first_limit, &self->rights_from_second, &self->claims,
                          &self->void_end, &self->penalties, &self->open, &self->zero_points,
                          &self->higher_card, &self->moskva_with_trump, &al[0], &al[1], &al[2], &al[3],
                          &in[0], &in[1], &in[2], &in[3], &budget))
        return -1;
    for (int i = 0; i < NCOMBO; i++) {
        self->allowed[i] = al[i];
        self->instant[i] = in[i];
    }
    if (kozyr_table_make(&self->table) < 0) return -1;
    self->nodes = 0;
    self->budget = budget;
    self->ns = -1; /* the positions remembered are of another deal, or other rules */
    self->trump = -1;
    self->depth = 0;
    return 0;
}

static void Search_dealloc(Search *self) {
    kozyr_table_free(&self->table);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The ``n`` numbers of ``seq`` into ``out``; ``*bad`` where one is outside 0..``most``;
 * -1 with a Python error set where ``seq`` does not give numbers. */
static int read_small(PyObject *seq, Py_ssize_t n, long most, int8_t *out, int *bad) {
    for (Py_ssize_t i = 0; i < n && !*bad; i++) {
        PyObject *c = PySequence_GetItem(seq, i);
        if (c == NULL) return -1;
        long v = PyLong_AsLong(c);
        Py_DECREF(c);
        if (PyErr_Occurred()) return -1;
        if (v < 0 || v > most) *bad = 1;
        out[i] = (int8_t)v;
    }
    return 0;
}

/* value(h0, h1, lead, stock, trump, phase, turn, leader, claim, due, first, right, outranked,
 *       buras, playoff, points, took, seat, alpha, beta) */
static PyObject *Search_value(Search *self, PyObject *args) {
    unsigned long long h0, h1, lead;
    PyObject *stock, *buras;
    int trump, phase, turn, leader, claim, due, first, rs, rr, outranked, playoff, p0, p1, t0, t1;
    int seat, alpha, beta;
    if (!PyArg_ParseTuple(args, "KKKOiiiiiip(ii)iOp(ii)(pp)iii", &h0, &h1, &lead, &stock, &trump, &phase, &turn,
                          &leader, &claim, &due, &first, &rs, &rr, &outranked, &buras, &playoff, &p0,
                          &p1, &t0, &t1, &seat, &alpha, &beta))
        return NULL;
    Pos p;
    memset(&p, 0, sizeof p);
    const uint64_t deck = (1ull << 36) - 1;
    int8_t cards[36];
    Py_ssize_t ns = PySequence_Size(stock), nb = PySequence_Size(buras);
    if (ns < 0 || nb < 0) return NULL;
    int bad = trump < 0 || trump > 3 || ns > 36 || nb > 2 || (h0 | h1 | lead) & ~deck || (h0 & h1) || ((h0 | h1) & lead);
    p.buras[0] = p.buras[1] = -1;
    if (!bad && (read_small(stock, ns, 35, cards, &bad) < 0 || read_small(buras, nb, 1, p.buras, &bad) < 0)) return NULL;
    for (Py_ssize_t i = 0; i < ns && !bad; i++)
        if ((h0 | h1 | lead) >> cards[i] & 1) bad = 1;
    if (bad || phase < 0 || phase > 3 || turn < 0 || turn > 1 || leader < 0 || leader > 1 || claim < -1 ||
        claim > 1 || due < 0 || due > 5 || rs < -1 || rs > 1 || rr < 0 || rr > 3 || outranked < 0 ||
        outranked > 3 || seat < 0 || seat > 1 || p0 < 0 || p0 > 120 || p1 < 0 || p1 > 120 ||
        (phase == DRAW && (claim < 0 || 2 * due > ns)) || (phase == BURA && nb == 0)) {
        PyErr_SetString(PyExc_ValueError, "not a two-player position of Bura's 36 cards");
        return NULL;
    }
    p.hand[0] = h0;
    p.hand[1] = h1;
    p.lead = lead;
    p.phase = (int8_t)phase;
    p.turn = (int8_t)turn;
    p.leader = (int8_t)leader;
    p.claim = (int8_t)claim;
    p.due = (int8_t)due;
    p.first = (int8_t)first;
    p.right_seat = (int8_t)rs;
    p.right_rank = (int8_t)(rs < 0 ? 0 : rr);
    p.outranked = (int8_t)outranked;
    p.nb = (int8_t)nb;
    p.playoff = (int8_t)playoff;
    p.points[0] = (int16_t)p0;
    p.points[1] = (int16_t)p1;
    p.took[0] = (int8_t)t0;
    p.took[1] = (int8_t)t1;
    /* the stock given is what is left of the one seen last (the same layout, later): its
     * positions stay remembered; another stock (another layout) makes them another deal's */
    if (trump == self->trump && self->ns >= ns && memcmp(cards, self->stock + self->ns - ns, (size_t)ns) == 0) {
        p.sp = (int8_t)(self->ns - ns);
    } else {
        kozyr_table_next(&self->table);
        memcpy(self->stock, cards, (size_t)ns);
        self->ns = (int)ns;
        self->rest[ns] = 0;
        for (Py_ssize_t i = ns - 1; i >= 0; i--) self->rest[i] = self->rest[i + 1] | 1ull << cards[i];
        self->trump = trump;
        p.sp = 0;
    }
    int most = self->penalties ? 6 : 1;
    if (alpha < -most - 1) alpha = -most - 1;
    if (beta > most + 1) beta = most + 1;
    int a = seat == 0 ? alpha : -beta, b = seat == 0 ? beta : -alpha;
    self->depth = 0;
    int v = search(self, &p, a, b);
    if (v == TOO_LARGE) Py_RETURN_NONE;
    if (v == UNSUPPORTED) {
        PyErr_SetString(PyExc_ValueError, "a position the search does not follow (a combination shown "
                                          "during a play-off of two buras)");
        return NULL;
    }
    return PyLong_FromLong(seat == 0 ? v : -v);
}

KOZYR_SEARCH_TYPE("replay.bura.dealsearch.Search", "Bura's exact search of a two-player deal with every card placed.",
                  "value(h0, h1, lead, stock, trump, phase, turn, leader, claim, due, first, right, outranked, buras, "
     "playoff, points, took, seat, alpha, beta): the seat's value in units, None past the budget")

KOZYR_SEARCH_MODULE(dealsearch)
