/* Sixty-six's exact search of one deal whose cards are all placed, in C.
 *
 * A layout of a deal (both hands and the stock's order, as replay.sample draws them) is a
 * game of perfect information.  This is the search replay.solve.Solver makes of it through
 * the engine, written for Sixty-six alone so that it is some hundreds of times as fast:
 * the same rules (S3-S12 and the switches that touch play: last-trick, nine-exchange,
 * closing, marriage-late), the same value (the game points the seat's side gains in the
 * deal less what the other side gains, a tie's carried point included), the same choices
 * (going out whenever S9 allows it, the exchange and the close before a lead, every card,
 * a marriage with its king or queen, the settling of a deal played out).  The tests hold
 * it to the game-free Solver position by position (DealSearch in replay/sixtysix/__init__.py is the
 * Python side).
 *
 * Most of a layout's positions come after the stock is closed or gone, reached again and
 * again with other counts.  Two things keep them few, neither changing a value: at each
 * position the most either side could still make of the deal (best_case) ends a search
 * whose window lies beyond it, and the cards are tried in an order that finds the cut
 * early (a card the other cannot beat first; an answer that wins with the lowest card of
 * the suit led, then the lowest trump; one that loses with the card that gives least).
 * From the first lead of the samples' deals a layout takes some 200,000 positions at the
 * median (some 900,000 without them).
 *
 * Cards are notation.cards' 0..35 (9 * suit + rank, rank 3 = nine .. 8 = ace); inside,
 * the 24 cards of the deck are bits 6 * suit + rank - 3 of a hand.
 */
#include "../native.h"

#define INF 1000
#define OUT_AT 66
#define TOO_LARGE (INF + 1)

static const int POINTS_OF_RANK[6] = {0, 2, 3, 4, 10, 11}; /* 9 J Q K T A */
enum { NINE = 0, QUEEN = 2, KING = 3 };

/* A position of the deal.  Every field is small: the struct is copied for each move. */
typedef struct {
    uint32_t hand[2];   /* 24-bit masks */
    int8_t stock[12];   /* the stock, top first, the turned card last (24-bit indices) */
    int8_t sp;          /* cards of the stock drawn so far */
    int8_t ns;          /* cards in the stock when the deal began (12 before any draw) */
    int8_t trump;       /* the trump suit */
    int8_t turned;      /* the turned card (after an exchange, the nine) */
    int8_t turn, leader;
    int8_t phase;       /* 0 lead, 1 follow, 2 end (every card played) */
    int8_t led;         /* the card led, -1 */
    int16_t points[2];  /* card points taken */
    int16_t mar[2];     /* marriages shown (they count once their holder has a trick) */
    int8_t tricks[2];   /* tricks taken */
    int8_t closed_by;   /* -1 */
    int8_t tac;         /* tricks the closer's opponent had when the stock was closed */
    int8_t exhausted;
    int8_t out_right;   /* the seat that may go out now, -1 */
    int8_t last_winner; /* -1 */
} Pos;

typedef struct {
    PyObject_HEAD
    int last_trick, exchange, closing, marriage_late, bonus;
    KozyrTable table;
    long long nodes, budget;
    int8_t stock_seen[12];
    int ns_seen;
} Search;

/* A card inside the search: its suit times the six ranks (9 to ace) plus its rank. */
static inline int inner_suit(int c) { return c / 6; }
static inline int inner_rank(int c) { return c % 6; }
static inline int points_of(int c) { return POINTS_OF_RANK[c % 6]; }
static inline uint32_t suit_mask(int s) { return 0x3Fu << (6 * s); }

/* S3: whether ``card`` played after ``led`` takes the trick. */
static inline int beats(int card, int led, int trump) {
    if (inner_suit(card) == inner_suit(led)) return card > led;
    return inner_suit(card) == trump;
}

static inline int strict(const Pos *p) { return p->closed_by >= 0 || p->exhausted; }
static inline int pool(const Pos *p) { return p->ns - p->sp; }
static inline int count(const Pos *p, int s) { return p->points[s] + (p->tricks[s] ? p->mar[s] : 0); }

/* S12 */
static inline int game_points(int loser, int took) {
    if (!took) return 3;
    return loser >= 33 ? 1 : 2;
}

/* What the deal's end is worth to seat 0 (the winner's game points and the tie's). */
static inline int scored(const Search *s, int winner, int score) {
    if (winner < 0) return 0;
    score += s->bonus;
    return winner == 0 ? score : -score;
}

/* S9, S11: ``seat`` goes out now. */
static int go_out(const Search *s, const Pos *p, int seat) {
    int other = 1 - seat, mine = count(p, seat);
    if (mine < OUT_AT && p->closed_by == seat) return scored(s, other, p->tac ? 2 : 3);
    if (mine < OUT_AT) return scored(s, other, p->tricks[other] ? 2 : 3);
    if (p->closed_by == other) return scored(s, seat, p->tac ? 2 : 3);
    return scored(s, seat, game_points(count(p, other), p->tricks[other] > 0));
}

/* S10, S11: every card played and nobody went out. */
static int played_out(const Search *s, const Pos *p) {
    int c[2] = {count(p, 0), count(p, 1)};
    if (p->closed_by >= 0) return scored(s, 1 - p->closed_by, p->tac ? 2 : 3);
    c[p->last_winner] += s->last_trick;
    if (c[0] == c[1]) return 0;
    int w = c[0] > c[1] ? 0 : 1;
    return scored(s, w, game_points(c[1 - w], p->tricks[1 - w] > 0));
}

/* S5: the cards the follower may play. */
static uint32_t playable(const Pos *p) {
    uint32_t hand = p->hand[p->turn];
    if (p->phase != 1 || !strict(p)) return hand;
    int led = p->led;
    uint32_t follow = hand & suit_mask(inner_suit(led));
    if (follow) {
        uint32_t higher = follow & ~((2u << led) - 1);
        return higher ? higher : follow;
    }
    uint32_t trumps = hand & suit_mask(p->trump);
    return trumps ? trumps : hand;
}

/* Moves: 0..23 a card, 32 + card a marriage shown with it, 64 the exchange, 65 the close. */
enum { MARRIAGE = 32, EXCHANGE = 64, CLOSE = 65 };

static int can_exchange(const Search *s, const Pos *p) {
    int nine = 6 * p->trump + NINE;
    return s->exchange && !strict(p) && pool(p) >= 2 && p->tricks[p->turn] && p->turned != nine &&
           (p->hand[p->turn] >> nine & 1);
}

static int can_close(const Search *s, const Pos *p) {
    return s->closing && p->closed_by < 0 && !p->exhausted && pool(p) >= 2;
}

/* S5: whether the card ``c`` led by the player to move, the stock closed or gone, takes
 * the trick whatever the other answers: he has no higher card of its suit, and must follow
 * it, or has no trump to take it with (or it is a trump). */
static int unbeaten(const Pos *p, int c) {
    uint32_t other = p->hand[1 - p->turn], suit = suit_mask(inner_suit(c));
    if (other & suit & ~((2u << c) - 1)) return 0;
    return (other & suit) || inner_suit(c) == p->trump || !(other & suit_mask(p->trump));
}

static void play(Pos *p, int m) {
    int seat = p->turn;
    if (m == EXCHANGE) {
        int nine = 6 * p->trump + NINE;
        p->hand[seat] = (p->hand[seat] & ~(1u << nine)) | 1u << p->turned;
        p->stock[p->ns - 1] = (int8_t)nine;
        p->turned = (int8_t)nine;
        return;
    }
    if (m == CLOSE) {
        p->closed_by = (int8_t)seat;
        p->tac = p->tricks[1 - seat];
        return;
    }
    int card = m & 31;
    p->hand[seat] &= ~(1u << card);
    if (p->phase == 0) {
        p->out_right = -1;
        p->led = (int8_t)card;
        if (m >= MARRIAGE) {
            p->mar[seat] += inner_suit(card) == p->trump ? 40 : 20;
            p->out_right = (int8_t)seat;
        }
        p->turn = (int8_t)(1 - seat);
        p->phase = 1;
        return;
    }
    int leader = p->leader, led = p->led;
    int w = beats(card, led, p->trump) ? seat : leader;
    p->points[w] += points_of(card) + points_of(led);
    p->tricks[w]++;
    p->last_winner = (int8_t)w;
    p->leader = p->turn = (int8_t)w;
    p->out_right = (int8_t)w;
    p->led = -1;
    p->phase = 0;
    if (!strict(p) && pool(p) > 0) { /* S4: the taker draws first; the turned card comes last */
        p->hand[w] |= 1u << p->stock[p->sp];
        p->hand[1 - w] |= 1u << p->stock[p->sp + 1];
        p->sp += 2;
        if (pool(p) == 0) p->exhausted = 1;
    }
    if (!p->hand[0] && !p->hand[1]) p->phase = 2;
}

/* The points of the cards not yet played (in both hands, on the table, and in the stock
 * while it is open: ``stock`` gets its cards). */
static int points_left(const Pos *p, uint32_t *stock) {
    *stock = 0;
    for (int i = p->sp; i < p->ns && !strict(p); i++) *stock |= 1u << p->stock[i];
    int rest = p->phase == 1 ? points_of(p->led) : 0;
    for (uint32_t left = p->hand[0] | p->hand[1] | *stock; left; left &= left - 1) rest += points_of(__builtin_ctz(left));
    return rest;
}

/* The most the deal can be worth to ``x`` (from seat 0's side): what it would be worth
 * were he to take every trick left, and with them the ``rest`` of the points, and to show
 * every marriage he holds or may still draw (once the stock is closed or gone, where
 * marriage-late lets him), valued as the deal's end values it (played out, or he goes out).
 * His count then is the most it can be, the other's and his tricks do not grow, and a deal
 * is worth no less to a side whose count is higher or the other's lower.  The other's
 * choices (to close, to exchange, to go out short) are left out: they are the other's to
 * take only where they lower the value.  Seat 0's is an upper bound of the value, seat 1's
 * a lower one. */
static int best_case(const Search *s, const Pos *p, int x, int rest, uint32_t stock) {
    Pos q = *p;
    if (s->marriage_late || !strict(p)) {
        uint32_t mine = p->hand[x] | stock;
        for (int su = 0; su < 4; su++)
            if ((mine >> (6 * su + KING) & 1) && (mine >> (6 * su + QUEEN) & 1)) q.points[x] += su == p->trump ? 40 : 20;
    }
    q.points[x] += rest;
    if (!q.tricks[x]) q.tricks[x] = 1;
    q.last_winner = (int8_t)x;
    int v = played_out(s, &q);
    if (count(&q, x) >= OUT_AT) {
        int out = go_out(s, &q, x);
        if (x == 0 ? out > v : out < v) v = out;
    }
    return v;
}

/* Put ``move`` among the ``moves`` from ``first`` to ``*n`` by ``key``, lowest first (a key
 * met before keeps its place ahead). */
static void insert(int *moves, int *keys, int first, int *n, int move, int key) {
    int j = (*n)++;
    while (j > first && keys[j - 1] > key) {
        moves[j] = moves[j - 1];
        keys[j] = keys[j - 1];
        j--;
    }
    moves[j] = move;
    keys[j] = key;
}

static int search(Search *s, const Pos *p, int alpha, int beta);

/* The value of the position after move ``m``. */
static inline int after(Search *s, const Pos *p, int m, int alpha, int beta) {
    Pos q = *p;
    play(&q, m);
    return search(s, &q, alpha, beta);
}

static int search(Search *s, const Pos *p, int alpha, int beta) {
    if (p->phase == 2) { /* the last taker goes out, or the deal is played out */
        int v = played_out(s, p);
        if (p->out_right >= 0) {
            int o = go_out(s, p, p->out_right);
            v = p->out_right == 0 ? (o > v ? o : v) : (o < v ? o : v);
        }
        return v;
    }
    /* S9, S12: a player who may go out with 66 goes out at once: nothing later is worth more
     * to him (the other's count and tricks only grow; against a close, 2 or 3 either way) */
    if (p->out_right >= 0 && count(p, p->out_right) >= OUT_AT) return go_out(s, p, p->out_right);
    if (++s->nodes > s->budget) return TOO_LARGE;
    { /* no line can take the deal past what either side's best case leaves it */
        uint32_t stock;
        int rest = points_left(p, &stock);
        int most = best_case(s, p, 0, rest, stock);
        if (most <= alpha) return most;
        int least = best_case(s, p, 1, rest, stock);
        if (least >= beta) return least;
    }
    uint64_t k[3];
    k[0] = (uint64_t)p->hand[0] | (uint64_t)p->hand[1] << 24 | (uint64_t)p->sp << 48 |
           (uint64_t)p->turned << 53 | (uint64_t)p->turn << 58 | (uint64_t)p->phase << 59 |
           (uint64_t)(p->closed_by + 1) << 61;
    k[1] = (uint64_t)p->points[0] | (uint64_t)p->points[1] << 8 | (uint64_t)p->mar[0] << 16 |
           (uint64_t)p->mar[1] << 24 | (uint64_t)(p->tricks[0] > 0) << 32 |
           (uint64_t)(p->tricks[1] > 0) << 33 | (uint64_t)(p->tac > 0) << 34 |
           (uint64_t)p->exhausted << 35 | (uint64_t)(p->out_right + 1) << 36 |
           (uint64_t)(p->led + 1) << 38 | (uint64_t)p->leader << 44;
    k[2] = 0;
    KozyrEntry *e = kozyr_slot(&s->table, k);
    int lo = -INF, hi = INF, hint = -1;
    if (kozyr_holds(&s->table, e, k)) {
        lo = e->lo;
        hi = e->hi;
        hint = e->move;
        if (lo == hi || lo >= beta) return lo;
        if (hi <= alpha) return hi;
    }
    int best_move = -1;
    int a = alpha > lo ? alpha : lo, b = beta < hi ? beta : hi;
    int a0 = a, b0 = b;
    int best;
    int mover = p->turn;
    int first_max = 0;
    /* a leader who showed a marriage may go out before the answer: he chooses first */
    if (p->out_right >= 0 && p->out_right != mover) {
        int o = go_out(s, p, p->out_right);
        int maxi = p->out_right == 0;
        best = o;
        if (maxi ? o >= b : o <= a) goto done;
        if (maxi && o > a) a = o;
        if (!maxi && o < b) b = o;
        first_max = maxi ? 1 : -1;
    }
    {
        int maxi = mover == 0;
        int v0 = maxi ? -INF : INF;
        int moves[40], keys[40], n = 0;
        if (p->out_right == mover) {
            int o = go_out(s, p, mover);
            v0 = o;
            if (maxi ? o > a : o < b) { if (maxi) a = o; else b = o; }
        }
        if (a < b) {
            if (p->phase == 0) {
                if (can_exchange(s, p)) moves[n++] = EXCHANGE;
                if (can_close(s, p)) moves[n++] = CLOSE;
                uint32_t hand = p->hand[mover];
                int marriages = !strict(p) || s->marriage_late;
                /* marriages and high cards first: they decide most deals */
                for (int c = 23; c >= 0; c--) {
                    if (!(hand >> c & 1)) continue;
                    int r = inner_rank(c);
                    if (marriages && (r == KING || r == QUEEN) && (hand >> (r == KING ? c - 1 : c + 1) & 1))
                        moves[n++] = MARRIAGE + c;
                }
                /* then the cards by what they are worth: aces and tens first, trumps last; once
                 * the stock is closed or gone, a card the other cannot beat before all */
                int first = n;
                for (int c = 23; c >= 0; c--)
                    if (hand >> c & 1)
                        insert(moves, keys, first, &n, c,
                               (inner_suit(c) == p->trump) * 50 - points_of(c) * 4 - (strict(p) && unbeaten(p, c)) * 100);
            } else {
                uint32_t ok = playable(p);
                /* the cards that win first, the lowest of the suit led before a trump; then
                 * the rest, those that give the least away first (no points, no trump) */
                for (int c = 0; c < 24; c++)
                    if ((ok >> c & 1) && beats(c, p->led, p->trump))
                        insert(moves, keys, 0, &n, c, inner_rank(c) + (inner_suit(c) != inner_suit(p->led)) * 60);
                int first = n;
                for (int c = 0; c < 24; c++)
                    if ((ok >> c & 1) && !beats(c, p->led, p->trump))
                        insert(moves, keys, first, &n, c, points_of(c) * 4 + inner_rank(c) + (inner_suit(c) == p->trump) * 60);
            }
            for (int i = 1; i < n && hint >= 0; i++) /* the best move last time first */
                if (moves[i] == hint) { moves[i] = moves[0]; moves[0] = hint; break; }
            for (int i = 0; i < n && a < b; i++) {
                int v = after(s, p, moves[i], a, b);
                if (v == TOO_LARGE) return TOO_LARGE;
                if (maxi ? v > v0 : v < v0) { v0 = v; best_move = moves[i]; }
                if (maxi && v > a) a = v;
                if (!maxi && v < b) b = v;
            }
        }
        if (first_max == 0) best = v0;
        else best = first_max > 0 ? (v0 > best ? v0 : best) : (v0 < best ? v0 : best);
    }
done:
    kozyr_store(&s->table, e, k, best, a0, b0, best_move);
    return best;
}

/* ---- the Python type ------------------------------------------------------------------ */

static int Search_init(Search *self, PyObject *args, PyObject *kwds) {
    long long budget;
    if (!PyArg_ParseTuple(args, "ippppL", &self->bonus, &self->last_trick, &self->exchange,
                          &self->closing, &self->marriage_late, &budget))
        return -1;
    self->last_trick = self->last_trick ? 10 : 0;
    if (kozyr_table_make(&self->table) < 0) return -1;
    self->nodes = 0;
    self->budget = budget;
    self->ns_seen = -1; /* the positions remembered are of another deal, or other rules */
    return 0;
}

static void Search_dealloc(Search *self) {
    kozyr_table_free(&self->table);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int inside(int card) {
    if (card < 0 || card > 35 || rank_of(card) < 3) return -1;
    return 6 * suit_of(card) + rank_of(card) - 3;
}

static uint32_t inside_mask(unsigned long long m, int *bad) {
    uint32_t out = 0;
    for (int c = 0; c < 36; c++) {
        if (!(m >> c & 1)) continue;
        int i = inside(c);
        if (i < 0) { *bad = 1; continue; }
        out |= 1u << i;
    }
    return out;
}

/* value(h0, h1, stock, turned, turn, leader, phase, led, points, mar, tricks, closed_by,
 *       tac, exhausted, out_right, last_winner, seat, alpha, beta) */
static PyObject *Search_value(Search *self, PyObject *args) {
    unsigned long long h0, h1;
    PyObject *stock;
    int turned, turn, leader, phase, led, p0, p1, m0, m1, t0, t1, closed_by, tac, exhausted;
    int out_right, last_winner, seat, alpha, beta;
    if (!PyArg_ParseTuple(args, "KKOiiiii(ii)(ii)(ii)iipiiiii", &h0, &h1, &stock, &turned, &turn,
                          &leader, &phase, &led, &p0, &p1, &m0, &m1, &t0, &t1, &closed_by, &tac,
                          &exhausted, &out_right, &last_winner, &seat, &alpha, &beta))
        return NULL;
    Pos p;
    memset(&p, 0, sizeof p);
    int bad = 0;
    p.hand[0] = inside_mask(h0, &bad);
    p.hand[1] = inside_mask(h1, &bad);
    Py_ssize_t ns = PySequence_Size(stock);
    if (ns < 0) return NULL;
    if (ns > 12 || ns % 2) bad = 1;
    for (Py_ssize_t i = 0; i < ns && !bad; i++) {
        PyObject *c = PySequence_GetItem(stock, i);
        if (c == NULL) return NULL;
        int v = inside((int)PyLong_AsLong(c));
        Py_DECREF(c);
        if (PyErr_Occurred()) return NULL;
        if (v < 0) bad = 1;
        p.stock[i] = (int8_t)v;
    }
    int ti = inside(turned), li = led < 0 ? -1 : inside(led);
    if (bad || ti < 0 || (led >= 0 && li < 0) || turn < 0 || turn > 1 || leader < 0 || leader > 1 ||
        phase < 0 || phase > 2 || seat < 0 || seat > 1 || closed_by < -1 || closed_by > 1 ||
        out_right < -1 || out_right > 1 || last_winner < -1 || last_winner > 1 ||
        (phase == 2 && last_winner < 0) || (phase == 1) != (led >= 0)) {
        PyErr_SetString(PyExc_ValueError, "not a position of Sixty-six's 24 cards");
        return NULL;
    }
    p.sp = 0;
    p.ns = (int8_t)ns;
    p.turned = (int8_t)ti;
    p.trump = (int8_t)inner_suit(ti);
    p.turn = (int8_t)turn;
    p.leader = (int8_t)leader;
    p.phase = (int8_t)phase;
    p.led = (int8_t)li;
    p.points[0] = (int16_t)p0; p.points[1] = (int16_t)p1;
    p.mar[0] = (int16_t)m0; p.mar[1] = (int16_t)m1;
    p.tricks[0] = (int8_t)(t0 > 100 ? 100 : t0); p.tricks[1] = (int8_t)(t1 > 100 ? 100 : t1);
    p.closed_by = (int8_t)closed_by;
    p.tac = (int8_t)(tac > 0);
    p.exhausted = (int8_t)exhausted;
    p.out_right = (int8_t)out_right;
    p.last_winner = (int8_t)last_winner;
    /* a new stock (another layout) makes the positions remembered another deal's */
    if (ns != self->ns_seen || memcmp(p.stock, self->stock_seen, (size_t)ns) != 0) {
        kozyr_table_next(&self->table);
        memcpy(self->stock_seen, p.stock, (size_t)ns);
        self->ns_seen = (int)ns;
    }
    /* no deal is worth more than 3 game points and the tie's carried ones: a window no
     * wider lets a search stop at the first move that reaches the most there is */
    int most = 3 + self->bonus;
    if (alpha < -most - 1) alpha = -most - 1;
    if (beta > most + 1) beta = most + 1;
    /* the search is from seat 0's side: for seat 1 the window turns over */
    int a = seat == 0 ? alpha : -beta, b = seat == 0 ? beta : -alpha;
    int v = search(self, &p, a, b);
    if (v == TOO_LARGE) Py_RETURN_NONE;
    return PyLong_FromLong(seat == 0 ? v : -v);
}

KOZYR_SEARCH_TYPE("replay.sixtysix.dealsearch.Search", "Sixty-six's exact search of a deal with every card placed.",
                  "value(h0, h1, stock, turned, turn, leader, phase, led, points, marriages, tricks, closed_by, "
     "tricks_at_close, exhausted, out_right, last_winner, seat, alpha, beta): the seat's value, "
     "None past the budget")

KOZYR_SEARCH_MODULE(dealsearch)
