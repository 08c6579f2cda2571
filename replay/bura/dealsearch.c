/* Bura's exact search of one deal whose cards are all placed, in C, for two to six players.
 *
 * A layout of a deal (every hand and the stock's order, as replay.sample draws them) is a
 * game of perfect information.  This is the search replay.solve.Solver makes of it through
 * the engine, written for the games of Bura's family (Bura and its variants: the switches
 * below are read from the table, DealSearch in replay/bura/__init__.py) so that it is some hundreds of
 * times as fast: the same rules (B3-B9, K4-K7: leads of one suit, answers of as many cards
 * face up or face down, each answer beating the set winning so far by pairing, the draws
 * round the table, the claim after a trick or at one's own turn, the combinations shown at a
 * player's turn or out of turn, a small Moskva taking back another's lead, a combination in
 * a fresh deal voiding it, the shokha, two buras played off: every switch), the same choices in the same order of who chooses first (a
 * player who may show a combination out of turn chooses before the player to move, as
 * replay.solve.decide does), one of each set of equal cards (as the engine's distinct_moves:
 * twins() below), the same value, and a show that changes nothing is skipped as the
 * game-free solver skips it.  The tests hold it to the game-free Solver position by position.
 *
 * The value is the game-free solver's: what the searching seat's side gains in the deal less
 * the mean of what each other side gains (the pot in chips, or penalty points), searched with
 * the seat's side against all others (exact for two sides).  It is kept in whole numbers: the
 * side's gain times the number of other sides, less their gains; Python divides.
 *
 * During a play-off of two buras nothing is shown (B8.5: the holders play their sets off),
 * in this search as in the game-free one.  Where the deck is played out for penalty points
 * (no claim, no void end), a search whose window lies beyond the searched side's best case,
 * or the others', stops at once (best_case).
 *
 * Cards are notation.cards' 0..35 (9 * suit + rank, rank 0 = six .. 8 = ace), bits of a
 * 64-bit hand.  Units: the pot (a claim or a bura wins it, a false claim pays it, a void deal
 * is 0) or the penalty's factor (2, 4, 6).
 */
#define KOZYR_KEY_WORDS 7
#include "../native.h"

#define INF 100
#define TOO_LARGE 1001
#define UNSUPPORTED 1002
#define CONT 1003
#define ILLEGAL 1004
#define MAX_MOVES 96
#define MAX_PATH 256
#define MAXP 6

static const int POINTS[9] = {0, 0, 0, 0, 2, 3, 4, 10, 11}; /* 6 7 8 9 J Q K T A */
static const uint64_t SUIT = 0x1FFull;
static const uint64_t ACES = (1ull << 8) | (1ull << 17) | (1ull << 26) | (1ull << 35);
static const uint64_t TENS = (1ull << 7) | (1ull << 16) | (1ull << 25) | (1ull << 34);
static const uint64_t SIXES = 1ull | (1ull << 9) | (1ull << 18) | (1ull << 27);

enum { PLAY, DRAW, END, BURA };                            /* phases */
enum { C_BURA, C_MOSKVA, C_MOLODKA, C_FOREHEADS, C_SMALL, NCOMBO }; /* combinations */
enum { M_CLAIM, M_SHOW, M_LAY, M_DRAW, M_SETTLE };          /* moves */

typedef struct {
    uint64_t hand[MAXP];
    uint64_t table;       /* the cards laid in the open trick, face up and face down */
    uint64_t best;        /* the set winning the open trick so far */
    int8_t k;             /* the cards of its lead (0: no trick open) */
    int8_t laid;          /* the lays in it so far */
    int8_t best_seat;
    int16_t pile;         /* the card points laid in it */
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
    int8_t took;          /* the seats that took a trick (bits) */
    int16_t points[MAXP]; /* card points taken */
} Pos;

typedef struct {
    uint64_t up;
    int8_t type, seat, down, combo;
} Move;

typedef struct {
    PyObject_HEAD
    int playoff_rule;     /* two buras at once are played off (else each such show ends the deal) */
    int combo_size, hand_size, first_limit, rights_from_second, claims, void_end, penalties;
    int open, zero_points, higher_card, moskva_with_trump, shokha, redeal, small_tens;
    int allowed[NCOMBO], instant[NCOMBO];
    KozyrTable table;
    long long nodes, budget;
    int8_t stock[36];
    uint64_t rest[37];    /* rest[i]: the stock's cards from its i-th on */
    int ns, trump;
    int n;                /* the players */
    int side[MAXP], nsides;
    int rs;               /* the side whose value is searched */
    int bounded;          /* the best cases bound the value (best_case) */
    uint64_t path[MAX_PATH][KOZYR_KEY_WORDS];
    int depth;
} Search;

static inline int popc(uint64_t m) { return __builtin_popcountll(m); }
static inline int low_bit(uint64_t m) { return __builtin_ctzll(m); }

static inline int points_of(uint64_t m) {
    int t = 0;
    for (; m; m &= m - 1) t += POINTS[rank_of(low_bit(m))];
    return t;
}

#define SHOKHA 0 /* the six of spades */

/* B5.1; K4 with ``shokha``: the six of spades beats every card */
static inline int beats(int card, int other, int trump, int shokha) {
    if (shokha && (card == SHOKHA || other == SHOKHA)) return card == SHOKHA;
    if (suit_of(card) == suit_of(other)) return card > other;
    return suit_of(card) == trump;
}

/* B5.2: the cards of ``attack`` paired one to one with those of ``target``, each beating its
 * partner (any pairing). */
static int beats_set(uint64_t attack, uint64_t target, int trump, int shokha) {
    if (!target) return 1;
    int t = low_bit(target);
    for (uint64_t m = attack; m; m &= m - 1) {
        int a = low_bit(m);
        if (beats(a, t, trump, shokha) && beats_set(attack & ~(1ull << a), target & (target - 1), trump, shokha))
            return 1;
    }
    return 0;
}

static inline int pool(const Search *s, const Pos *p) { return s->ns - p->sp; }
static inline int trump_of(const Search *s) { return s->trump; }
static inline int next_seat(const Search *s, int seat) { return seat + 1 == s->n ? 0 : seat + 1; }
static inline int order(const Search *s, const Pos *p, int seat) { return (seat - p->leader + s->n) % s->n; }
static inline int in_buras(const Pos *p, int seat) {
    for (int i = 0; i < p->nb; i++) if (p->buras[i] == seat) return 1;
    return 0;
}

/* ---- the ends of a deal, as the searched side's value ------------------------------ */

/* The value to the searched side of an end in which each seat gains ``gain[seat]`` units:
 * its side's gain times the other sides' number, less their gains. */
static int folded(const Search *s, const int *gain) {
    int sides[MAXP] = {0, 0, 0, 0, 0, 0}, v = 0;
    for (int i = 0; i < s->n; i++) sides[s->side[i]] += gain[i];
    for (int x = 0; x < s->nsides; x++) v += x == s->rs ? (s->nsides - 1) * sides[x] : -sides[x];
    return v;
}

/* ``seat`` gains ``units`` (the pot: +1 won, -1 paid), the others nothing. */
static int gains(const Search *s, int seat, int units) {
    int gain[MAXP] = {0, 0, 0, 0, 0, 0};
    gain[seat] = units;
    return folded(s, gain);
}

/* Every seat outside ``seat``'s side takes ``penalty`` points. */
static int penalised(const Search *s, int seat, int penalty) {
    int gain[MAXP] = {0, 0, 0, 0, 0, 0};
    for (int i = 0; i < s->n; i++) if (s->side[i] != s->side[seat]) gain[i] = -penalty;
    return folded(s, gain);
}

/* B8.1, K6: a combination that wins the deal at once. */
static int combo_end(const Search *s, int combo, int seat) {
    if (!s->penalties) return gains(s, seat, 1);
    return penalised(s, seat, combo == C_MOSKVA ? 6 : 2);
}

/* B7.2 */
static int claimed(const Search *s, const Pos *p, int seat) { return gains(s, seat, p->points[seat] >= 31 ? 1 : -1); }

/* Each side's card points and whether it took a trick. */
static void counts(const Search *s, const Pos *p, int *pts, int *took) {
    for (int x = 0; x < MAXP; x++) pts[x] = took[x] = 0;
    for (int i = 0; i < s->n; i++) {
        pts[s->side[i]] += p->points[i];
        took[s->side[i]] |= p->took >> i & 1;
    }
}

/* K7: the penalty of a side not on top with ``pts`` card points (``took``: a trick taken). */
static int penalty(const Search *s, int pts, int took) {
    int zero = s->zero_points ? pts == 0 : !took;
    return zero ? 6 : pts < (s->n == 3 ? 21 : 31) ? 4 : 2;
}

/* K7: the deck played out: the side with the most card points takes no penalty, each other
 * 2, 4 under 31 (21 with three players), 6 with no trick (or no point); a tie for the top, none. */
static int played_out(const Search *s, const Pos *p) {
    int pts[MAXP], took[MAXP], top = -1, leaders = 0, w = 0;
    counts(s, p, pts, took);
    for (int x = 0; x < s->nsides; x++) {
        if (pts[x] > top) { top = pts[x]; leaders = 1; w = x; }
        else if (pts[x] == top) leaders++;
    }
    if (leaders > 1) return 0;
    int gain[MAXP] = {0, 0, 0, 0, 0, 0};
    for (int i = 0; i < s->n; i++)
        if (s->side[i] != w) gain[i] = -penalty(s, pts[s->side[i]], took[s->side[i]]);
    return folded(s, gain);
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
    case C_SMALL: /* small-moskva: three tens, or three sixes with the trump six */
        if (s->small_tens) return popc(hand & TENS) >= 3;
        return popc(hand & SIXES) >= 3 && (hand >> (9 * trump) & 1);
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

/* B8.5: two buras (or a bura and Moskva) at once: the elder of the two (in the order of play
 * from the leader, the open trick's if there is one) leads the play-off; an open trick is
 * not played, its cards set aside, nobody's. */
static int two_buras(const Search *s, Pos *p) {
    int a = p->buras[0], b = p->buras[1];
    if (s->higher_card) return combo_end(s, C_BURA, strength(s, p->hand[a]) > strength(s, p->hand[b]) ? a : b);
    p->playoff = 1;
    p->leader = p->turn = (int8_t)(order(s, p, a) <= order(s, p, b) ? a : b);
    p->table = p->best = 0;
    p->k = p->laid = 0;
    p->pile = 0;
    p->best_seat = -1;
    return CONT;
}

/* ``seat`` shows ``combo`` (which he holds): ILLEGAL, CONT, the deal's value, UNSUPPORTED. */
static int show(const Search *s, Pos *p, int seat, int combo) {
    int instant = s->instant[combo];
    if (s->redeal && p->first && !p->laid) return 0; /* B8, dealt-combo=redeal: dealt again, nothing paid */
    if (s->playoff_rule && (combo == C_BURA || combo == C_MOSKVA)) {
        if (p->phase == BURA && !in_buras(p, seat)) {
            p->buras[p->nb++] = (int8_t)seat;
            p->phase = PLAY;
            return two_buras(s, p);
        }
        int pending = p->right_seat >= 0 && p->right_rank == 2 && p->right_seat != seat;
        if (combo == C_BURA && pending && !p->laid) {
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
    if (combo == C_SMALL && p->laid == 1 && p->leader != seat) {
        /* B8.3, small-moskva ("Stop!"): another's lead alone goes back to his hand, and
         * the shower leads */
        p->hand[(int)p->leader] |= p->table;
        p->table = p->best = 0;
        p->k = p->laid = 0;
        p->pile = 0;
        p->best_seat = -1;
        p->right_seat = (int8_t)seat;
        p->right_rank = 3;
        p->turn = (int8_t)seat;
        return CONT;
    }
    if (p->laid) return ILLEGAL;
    if (s->rights_from_second && p->first) return ILLEGAL;
    int rank = combo == C_SMALL ? 3 : combo == C_MOLODKA || combo == C_FOREHEADS ? 1 : 2;
    if (p->right_seat >= 0) {
        int held = p->right_seat, hr = p->right_rank;
        if (held == seat) return ILLEGAL;
        if (hr > rank || (hr == rank && order(s, p, held) < order(s, p, seat))) {
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

/* ---- what a side can still make (K6, K7) ---------------------------------------------- */

/* The best case of the searched side (``mine``) or of the others, where the deck is played
 * out and nothing else ends the deal but a combination (penalty points, no claim, no void
 * end), as the searched side's value: the most the searched side can still make, or the
 * least the others can leave it.  A side's penalty only falls as it takes points and tricks,
 * and each side's shows are its own to make only where they serve it, so:
 * - with two sides, the side takes every card point and trick left (``rest``: in the hands,
 *   the stock and the open trick), the other's count and tricks staying where they are
 *   (taking more never costs a side: the side on top pays nothing, the other's penalty is
 *   its own count's);
 * - with three, the searched side pays nothing and the others what they would pay now (its
 *   best), or it pays what it would now and the others nothing (its worst): a tie for the top
 *   (nobody pays) lies between;
 * or one of the side's seats shows a combination that ends the deal, of any it could come to
 * hold (``left``: the stock's cards and the open trick's). */
static int best_case(const Search *s, const Pos *p, int mine, int rest, uint64_t left) {
    int v, gain[MAXP] = {0, 0, 0, 0, 0, 0};
    if (s->nsides == 2) {
        Pos q = *p;
        int x = mine ? s->rs : 1 - s->rs;
        for (int i = 0; i < s->n; i++)
            if (s->side[i] == x) {
                q.points[i] = (int16_t)(q.points[i] + rest);
                q.took |= (int8_t)(1 << i);
                break;
            }
        v = played_out(s, &q);
    } else { /* each side's penalty as it would be were the deck played out now */
        int pts[MAXP], took[MAXP];
        counts(s, p, pts, took);
        for (int i = 0; i < s->n; i++)
            if ((s->side[i] == s->rs) != mine) gain[i] = -penalty(s, pts[s->side[i]], took[s->side[i]]);
        v = folded(s, gain);
    }
    for (int i = 0; i < s->n; i++) {
        if ((s->side[i] == s->rs) != mine) continue;
        for (int combo = 0; combo < NCOMBO; combo++) {
            if (!s->allowed[combo] || !s->instant[combo] || !holds(s, p->hand[i] | left, combo)) continue;
            int w = combo_end(s, combo, i);
            v = mine ? (w > v ? w : v) : (w < v ? w : v);
        }
    }
    if (s->redeal && p->first) v = mine ? (v > 0 ? v : 0) : (v < 0 ? v : 0); /* a show voids it */
    return v;
}

/* ---- play ----------------------------------------------------------------------------- */

static int hands_empty(const Search *s, const Pos *p) {
    for (int i = 0; i < s->n; i++) if (p->hand[i]) return 0;
    return 1;
}

/* B5.3, B6: the trick closes; the taker may claim, then the draws. */
static int close_trick(const Search *s, Pos *p) {
    int w = p->best_seat, k = p->k;
    p->points[w] = (int16_t)(p->points[w] + p->pile);
    p->took |= (int8_t)(1 << w);
    p->table = p->best = 0;
    p->k = p->laid = 0;
    p->pile = 0;
    p->best_seat = -1;
    p->first = 0;
    p->leader = p->turn = (int8_t)w;
    if (p->playoff) return combo_end(s, C_BURA, w);
    p->claim = (int8_t)w;
    int rounds = pool(s, p) / s->n;
    if (rounds > k) rounds = k;
    if (rounds) {
        p->phase = DRAW;
        p->due = (int8_t)rounds;
    } else if (hands_empty(s, p)) {
        if (!s->void_end) return played_out(s, p);
        p->phase = END;
    }
    return CONT;
}

/* One move: CONT, the deal's value when it ends, ILLEGAL or UNSUPPORTED. */
static int apply(const Search *s, Pos *p, const Move *m) {
    switch (m->type) {
    case M_CLAIM:
        return claimed(s, p, m->seat);
    case M_SETTLE:
        if (p->phase == BURA) return combo_end(s, C_BURA, p->buras[0]);
        return 0; /* B9: a void deal */
    case M_SHOW:
        return show(s, p, m->seat, m->combo);
    case M_DRAW: {
        int w = p->claim;
        for (int r = 0; r < p->due; r++)
            for (int i = 0, seat = w; i < s->n; i++, seat = next_seat(s, seat)) p->hand[seat] |= 1ull << s->stock[p->sp++];
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
    p->table |= m->up;
    p->pile = (int16_t)(p->pile + points_of(m->up));
    if (!p->laid) {
        p->best = m->up;
        p->best_seat = (int8_t)seat;
        p->k = (int8_t)popc(m->up);
        p->laid = 1;
        p->leader = (int8_t)seat;
        p->right_seat = -1;
        p->right_rank = 0;
        p->outranked = 0;
    } else {
        if (!m->down && beats_set(m->up, p->best, trump_of(s), s->shokha)) {
            p->best = m->up;
            p->best_seat = (int8_t)seat;
        }
        p->laid++;
        if (p->laid == (p->playoff ? 2 : s->n)) return close_trick(s, p);
    }
    int next = next_seat(s, seat);
    while (p->playoff && !in_buras(p, next)) next = next_seat(s, next);
    p->turn = (int8_t)next;
    return CONT;
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
static uint64_t twins(uint64_t alive, uint64_t hand, int shokha) {
    uint64_t out = 0;
    for (int su = 0; su < 4; su++) {
        int prev = -1; /* the card in play just below, in this suit */
        for (int r = 0; r < 9; r++) {
            int c = 9 * su + r;
            if (!(alive >> c & 1) || (shokha && c == SHOKHA)) continue; /* the shokha: like no other */
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

/* The choices at ``p`` (replay.solve.searched, engine order), and who moves (-1: nobody is
 * to move, as when a bura is shown and the other may answer it). */
static int gen(const Search *s, const Pos *p, Move *mv, int *mover) {
    int n = 0;
    if (p->phase == BURA) { /* B8.1, B8.5: only a second bura (or Moskva) may follow */
        for (int seat = 0; seat < s->n; seat++) {
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
    /* B8.5: the holders of two buras play their sets off, and nothing is shown meanwhile (as
     * the engine's distinct_moves: it takes such a show, and the shows may then go round,
     * back to where they were, a line whose value would hang on which repetition is cut) */
    for (int seat = 0; seat < s->n && !p->playoff; seat++)
        for (int combo = 0; combo < NCOMBO; combo++)
            if (legal_show(s, p, seat, combo)) add(mv, &n, M_SHOW, seat, 0, 0, combo);
    int seat = p->turn;
    *mover = seat;
    /* B7.1, claim=own-turn: a claim also before one's lead or answer */
    if (s->claims == 2 && p->claim != seat) add(mv, &n, M_CLAIM, seat, 0, 0, 0);
    uint64_t hand = p->hand[seat], sets[256], alive = p->table | s->rest[p->sp];
    for (int i = 0; i < s->n; i++) alive |= p->hand[i];
    uint64_t twin = twins(alive, hand, s->shokha);
    if (!p->laid) { /* B3, K4: one suit, up to the limit; the richest leads first */
        int limit = p->playoff ? 3 : (s->first_limit && p->first && p->right_seat < 0) ? s->first_limit : s->hand_size;
        int first = n;
        uint64_t joker = s->shokha ? hand & 1ull << SHOKHA : 0; /* K4: the shokha joins any lead */
        for (int su = 0; su < 4; su++) {
            uint64_t suited = (hand & (SUIT << (9 * su))) | joker;
            for (int k = 1; k <= limit; k++) {
                int c = subsets(suited, k, sets);
                for (int i = 0; i < c; i++) {
                    if (su && sets[i] == joker) continue; /* the shokha alone: led once, as a spade */
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
    int k = p->k, trump = trump_of(s);
    int c = subsets(hand, k, sets);
    if (twin) {
        int kept = 0;
        for (int i = 0; i < c; i++) if (canonical(sets[i], twin, alive)) sets[kept++] = sets[i];
        c = kept;
    }
    char takes[256];
    for (int i = 0; i < c; i++) takes[i] = (char)beats_set(sets[i], p->best, trump, s->shokha);
    for (int i = 0; i < c; i++) if (takes[i]) add(mv, &n, M_LAY, seat, sets[i], 0, 0);
    for (int i = 0; i < c; i++) if (!takes[i]) add(mv, &n, M_LAY, seat, sets[i], 0, 0);
    if (!s->open)
        for (int i = 0; i < c; i++) if (takes[i]) add(mv, &n, M_LAY, seat, sets[i], 1, 0);
    return n;
}

/* The position's key: each hand (with the small fields above its 36 bits), the set winning
 * the open trick, and the side searched. */
static void key_of(const Search *s, const Pos *p, uint64_t *k) {
    for (int i = 0; i < MAXP; i++) k[i] = i < s->n ? p->hand[i] : 0;
    k[0] |= (uint64_t)p->sp << 36 | (uint64_t)p->phase << 42 | (uint64_t)p->turn << 44 | (uint64_t)p->leader << 47 |
            (uint64_t)(p->claim + 1) << 50 | (uint64_t)p->due << 53 | (uint64_t)p->first << 56 |
            (uint64_t)(p->right_seat + 1) << 57 | (uint64_t)p->right_rank << 60 | (uint64_t)p->playoff << 62;
    k[1] |= (uint64_t)(uint8_t)p->outranked << 36 | (uint64_t)p->nb << 42 | (uint64_t)(p->buras[0] + 1) << 44 |
            (uint64_t)(p->buras[1] + 1) << 47 | (uint64_t)(uint8_t)p->took << 50 | (uint64_t)(p->best_seat + 1) << 56 |
            (uint64_t)p->laid << 59;
    k[2] |= (uint64_t)p->points[0] << 36 | (uint64_t)p->points[1] << 43 | (uint64_t)p->points[2] << 50 |
            (uint64_t)s->rs << 57;
    k[3] |= (uint64_t)p->points[3] << 36 | (uint64_t)p->points[4] << 43 | (uint64_t)p->points[5] << 50 |
            (uint64_t)p->pile << 57;
    k[6] = p->best | (uint64_t)p->k << 36;
}

static int search(Search *s, const Pos *p, int alpha, int beta);

/* replay.solve.Solver._decide: the choices ``mv`` at ``p``; a player who may move out of
 * turn chooses first, between each of his moves and leaving the position to the others. */
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
    int maxi = s->side[chooses] == s->rs;
    int best = maxi ? -INF : INF;
    for (int i = 0; i < ng; i++) {
        Pos q = *p;
        int v = apply(s, &q, &group[i]);
        if (v == UNSUPPORTED) return UNSUPPORTED;
        if (v == ILLEGAL) continue;
        if (v == CONT) {
            if (group[i].type == M_SHOW) { /* a show that changes nothing is not searched */
                uint64_t k[KOZYR_KEY_WORDS];
                int seen = 0;
                key_of(s, &q, k);
                for (int d = 0; d < s->depth && !seen; d++) seen = memcmp(s->path[d], k, sizeof k) == 0;
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
    if (s->bounded && p->phase != BURA && !p->playoff) { /* nothing left can pass the best cases */
        uint64_t left = p->table | s->rest[p->sp], cards = left;
        for (int i = 0; i < s->n; i++) cards |= p->hand[i];
        int rest = points_of(cards & ~p->table) + p->pile;
        int most = best_case(s, p, 1, rest, left);
        if (most <= alpha) return most;
        int least = best_case(s, p, 0, rest, left);
        if (least >= beta) return least;
    }
    uint64_t k[KOZYR_KEY_WORDS];
    key_of(s, p, k);
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

/* Search(playoff, combo_size, hand_size, first_limit, rights_from_second, claims (0: none,
 *        1: after a trick, 2: also at one's own turn), void_end,
 *        penalties, open, zero_points, higher_card, moskva_with_trump, shokha, redeal, small_tens,
 *        allowed, instant, budget) */
static int Search_init(Search *self, PyObject *args, PyObject *kwds) {
    long long budget;
    int al[NCOMBO], in[NCOMBO];
    if (!PyArg_ParseTuple(args, "piiipippppppppp(ppppp)(ppppp)L", &self->playoff_rule, &self->combo_size,
                          &self->hand_size, &self->first_limit, &self->rights_from_second, &self->claims,
                          &self->void_end, &self->penalties, &self->open, &self->zero_points,
                          &self->higher_card, &self->moskva_with_trump, &self->shokha, &self->redeal,
                          &self->small_tens, &al[0], &al[1], &al[2], &al[3], &al[4], &in[0], &in[1], &in[2],
                          &in[3], &in[4], &budget))
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
    self->bounded = self->penalties && !self->claims && !self->void_end;
    self->n = 0;
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

/* value(hands, table, best, k, laid, best_seat, pile, stock, trump, phase, turn, leader,
 *       claim, due, first, right, outranked, buras, playoff, points, took, sides, seat, alpha,
 *       beta): ``hands``, ``points``, ``took`` and ``sides`` have a number for each player */
static PyObject *Search_value(Search *self, PyObject *args) {
    unsigned long long table, best;
    PyObject *hands, *stock, *buras, *points, *took, *sides;
    int k, laid, best_seat, pile, trump, phase, turn, leader, claim, due, first, rs, rr, outranked, playoff;
    int seat, alpha, beta;
    if (!PyArg_ParseTuple(args, "OKKiiiiOiiiiiip(ii)iOpOOOiii", &hands, &table, &best, &k, &laid, &best_seat, &pile,
                          &stock, &trump, &phase, &turn, &leader, &claim, &due, &first, &rs, &rr, &outranked,
                          &buras, &playoff, &points, &took, &sides, &seat, &alpha, &beta))
        return NULL;
    Pos p;
    memset(&p, 0, sizeof p);
    const uint64_t deck = (1ull << 36) - 1;
    int8_t cards[36], pts8[MAXP], took8[MAXP], side8[MAXP];
    Py_ssize_t n = PySequence_Size(hands), ns = PySequence_Size(stock), nb = PySequence_Size(buras);
    if (n < 0 || ns < 0 || nb < 0) return NULL;
    int bad = n < 2 || n > MAXP || trump < 0 || trump > 3 || ns > 36 || nb > 2 || (table | best) & ~deck ||
              (best & ~table) || PySequence_Size(points) != n || PySequence_Size(took) != n ||
              PySequence_Size(sides) != n;
    if (PyErr_Occurred()) return NULL;
    uint64_t seen = table;
    for (Py_ssize_t i = 0; i < n && !bad; i++) {
        PyObject *h = PySequence_GetItem(hands, i);
        if (h == NULL) return NULL;
        unsigned long long m = PyLong_AsUnsignedLongLong(h);
        Py_DECREF(h);
        if (PyErr_Occurred()) return NULL;
        if ((m & ~deck) || (m & seen)) bad = 1;
        p.hand[i] = m;
        seen |= m;
    }
    p.buras[0] = p.buras[1] = -1;
    if (!bad && (read_small(stock, ns, 35, cards, &bad) < 0 || read_small(buras, nb, (long)n - 1, p.buras, &bad) < 0 ||
                 read_small(points, n, 120, pts8, &bad) < 0 || read_small(took, n, 1, took8, &bad) < 0 ||
                 read_small(sides, n, (long)n - 1, side8, &bad) < 0))
        return NULL;
    for (Py_ssize_t i = 0; i < ns && !bad; i++) {
        if (seen >> cards[i] & 1) bad = 1;
        seen |= 1ull << cards[i];
    }
    int nsides = 0;
    for (Py_ssize_t i = 0; i < n && !bad; i++) if (side8[i] + 1 > nsides) nsides = side8[i] + 1;
    if (bad || nsides < 2 || phase < 0 || phase > 3 || turn < 0 || turn >= n || leader < 0 || leader >= n ||
        claim < -1 || claim >= n || due < 0 || due > 5 || rs < -1 || rs >= n || rr < 0 || rr > 3 || outranked < 0 ||
        outranked >= (1 << n) || seat < 0 || seat >= n || k < 0 || k > 5 || laid < 0 || laid >= n ||
        (laid > 0) != (k > 0) || best_seat < -1 || best_seat >= n || (laid > 0) != (best_seat >= 0) || pile < 0 ||
        pile > 120 || (phase == DRAW && (claim < 0 || n * due > ns)) || (phase == BURA && nb == 0)) {
        PyErr_SetString(PyExc_ValueError, "not a position of Bura's 36 cards");
        return NULL;
    }
    p.table = table;
    p.best = best;
    p.k = (int8_t)k;
    p.laid = (int8_t)laid;
    p.best_seat = (int8_t)best_seat;
    p.pile = (int16_t)pile;
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
    for (Py_ssize_t i = 0; i < n; i++) {
        p.points[i] = pts8[i];
        p.took |= (int8_t)(took8[i] << i);
    }
    int same_sides = self->n == n;
    for (Py_ssize_t i = 0; i < n && same_sides; i++) same_sides = self->side[i] == side8[i];
    /* the stock given is what is left of the one seen last (the same layout, later): its
     * positions stay remembered; another stock (another layout) makes them another deal's */
    if (same_sides && trump == self->trump && self->ns >= ns &&
        memcmp(cards, self->stock + self->ns - ns, (size_t)ns) == 0) {
        p.sp = (int8_t)(self->ns - ns);
    } else {
        kozyr_table_next(&self->table);
        memcpy(self->stock, cards, (size_t)ns);
        self->ns = (int)ns;
        self->rest[ns] = 0;
        for (Py_ssize_t i = ns - 1; i >= 0; i--) self->rest[i] = self->rest[i + 1] | 1ull << cards[i];
        self->trump = trump;
        self->n = (int)n;
        for (Py_ssize_t i = 0; i < n; i++) self->side[i] = side8[i];
        self->nsides = nsides;
        p.sp = 0;
    }
    self->rs = self->side[seat];
    int most = (self->penalties ? 6 * ((int)n / nsides) : 1) * (nsides - 1);
    if (alpha < -most - 1) alpha = -most - 1;
    if (beta > most + 1) beta = most + 1;
    self->depth = 0;
    int v = search(self, &p, alpha, beta);
    if (v == TOO_LARGE) Py_RETURN_NONE;
    if (v == UNSUPPORTED) {
        PyErr_SetString(PyExc_ValueError, "a line the search does not follow (more than 256 moves deep, "
                                          "or a position with no move)");
        return NULL;
    }
    return PyLong_FromLong(v);
}

KOZYR_SEARCH_TYPE("replay.bura.dealsearch.Search", "Bura's exact search of a deal with every card placed.",
                  "value(hands, table, best, k, laid, best_seat, pile, stock, trump, phase, turn, leader, claim, "
                  "due, first, right, outranked, buras, playoff, points, took, sides, seat, alpha, beta): the "
                  "seat's value in units times the number of other sides, None past the budget")

KOZYR_SEARCH_MODULE(dealsearch)
