/* What kozyr's searches in C share (replay/thousand/ddsearch.c, replay/sixtysix/dealsearch.c,
 * replay/bura/dealsearch.c): a card's suit and rank, the deal searches' table of positions,
 * the Python type ``Search`` of a search, and its module.
 *
 * A search file defines its ``Search`` struct (with ``long long nodes``) and
 * ``Search_init``, ``Search_dealloc`` and ``Search_value``; then
 *
 *     KOZYR_SEARCH_TYPE("replay.game.module.Search", "what it searches", "value(...): ...")
 *     KOZYR_SEARCH_MODULE(module)
 */
#ifndef KOZYR_NATIVE_H
#define KOZYR_NATIVE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* A card as Python passes it (notation/cards.py, whose twin this is): its suit times the
 * nine ranks (6 to ace) plus its rank.  The searches use these two and no other arithmetic
 * on a card's number. */
#define KOZYR_RANKS 9
static inline int suit_of(int card) { return card / KOZYR_RANKS; }
static inline int rank_of(int card) { return card % KOZYR_RANKS; }

/* ---- the table of positions of a deal search (Bura's, Sixty-six's) ------------------------
 *
 * Each position searched is remembered under its key (KOZYR_KEY_WORDS words, three unless the
 * search file defines more before it includes this) with the bounds its value was found
 * within, in a place its key's hash gives (a later position may take it).  The table belongs
 * to one deal (one layout: one stock): another deal starts afresh. */

#ifndef KOZYR_KEY_WORDS
#define KOZYR_KEY_WORDS 3
#endif
#define KOZYR_TT_SIZE (1u << 20)
#define KOZYR_UNBOUNDED 32767 /* no bound known (beyond any value of a deal) */

typedef struct {
    uint64_t k[KOZYR_KEY_WORDS];  /* the position's key */
    int16_t lo, hi; /* its value lies within these */
    int16_t move;   /* the best move found, -1 */
    uint16_t gen;   /* the deal it belongs to: an entry of another is empty */
} KozyrEntry;

typedef struct {
    KozyrEntry *slots;
    uint16_t gen;
} KozyrTable;

static inline uint64_t kozyr_mix(uint64_t x) {
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 29;
    x *= 0x94D049BB133111EBull;
    return x ^ (x >> 32);
}

/* The place of the position ``k`` (its entry, or another's). */
static inline KozyrEntry *kozyr_slot(const KozyrTable *t, const uint64_t k[KOZYR_KEY_WORDS]) {
    uint64_t h = 0;
    for (int i = KOZYR_KEY_WORDS - 1; i >= 0; i--) h = kozyr_mix(k[i] ^ h);
    return &t->slots[h & (KOZYR_TT_SIZE - 1)];
}

/* Whether ``e`` is the position ``k``'s entry, of this deal. */
static inline int kozyr_holds(const KozyrTable *t, const KozyrEntry *e, const uint64_t k[KOZYR_KEY_WORDS]) {
    return e->gen == t->gen && memcmp(e->k, k, sizeof e->k) == 0;
}

/* Remember what a search of the position ``k`` within the window (a, b) found: a bound, or
 * its value.  The bounds found before are kept where the entry is still this position's:
 * the search below may have given its place to another, whose bounds are not this one's. */
static inline void kozyr_store(const KozyrTable *t, KozyrEntry *e, const uint64_t k[KOZYR_KEY_WORDS], int found, int a, int b,
                               int move) {
    int lo = -KOZYR_UNBOUNDED, hi = KOZYR_UNBOUNDED;
    if (found <= a) hi = found;
    else if (found >= b) lo = found;
    else lo = hi = found;
    if (kozyr_holds(t, e, k)) {
        if (e->lo > lo) lo = e->lo;
        if (e->hi < hi) hi = e->hi;
    }
    memcpy(e->k, k, sizeof e->k);
    e->lo = (int16_t)lo;
    e->hi = (int16_t)hi;
    e->move = (int16_t)move;
    e->gen = t->gen;
}

/* Made once for a Search (0; -1 with MemoryError raised). */
static inline int kozyr_table_make(KozyrTable *t) {
    if (t->slots == NULL) {
        t->slots = (KozyrEntry *)PyMem_Calloc(KOZYR_TT_SIZE, sizeof(KozyrEntry));
        if (t->slots == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    return 0;
}

/* Another deal: the positions remembered are another's (after 65,535 deals the table is
 * cleared once). */
static inline void kozyr_table_next(KozyrTable *t) {
    if (++t->gen == 0) {
        memset(t->slots, 0, KOZYR_TT_SIZE * sizeof(KozyrEntry));
        t->gen = 1;
    }
}

static inline void kozyr_table_free(KozyrTable *t) {
    PyMem_Free(t->slots);
    t->slots = NULL;
}

/* ---- the Python type --------------------------------------------------------------------- */

#define KOZYR_SEARCH_TYPE(QUALNAME, DOC, VALUE_DOC)                                                  \
    static PyObject *Search_get_nodes(Search *self, void *closure) {                                 \
        (void)closure;                                                                               \
        return PyLong_FromLongLong(self->nodes);                                                     \
    }                                                                                                \
    static PyMethodDef Search_methods[] = {                                                          \
        {"value", (PyCFunction)Search_value, METH_VARARGS, VALUE_DOC},                               \
        {NULL, NULL, 0, NULL},                                                                       \
    };                                                                                               \
    static PyGetSetDef Search_getset[] = {                                                           \
        {"nodes", (getter)Search_get_nodes, NULL, "positions searched", NULL},                       \
        {NULL, NULL, NULL, NULL, NULL},                                                              \
    };                                                                                               \
    static PyTypeObject SearchType = {                                                               \
        PyVarObject_HEAD_INIT(NULL, 0)                                                               \
        .tp_name = QUALNAME,                                                                         \
        .tp_basicsize = sizeof(Search),                                                              \
        .tp_flags = Py_TPFLAGS_DEFAULT,                                                              \
        .tp_doc = DOC,                                                                               \
        .tp_new = PyType_GenericNew,                                                                 \
        .tp_init = (initproc)Search_init,                                                            \
        .tp_dealloc = (destructor)Search_dealloc,                                                    \
        .tp_methods = Search_methods,                                                                \
        .tp_getset = Search_getset,                                                                  \
    };

/* The module ``def`` with the type ``Search`` in it. */
static inline PyObject *kozyr_search_module(struct PyModuleDef *def, PyTypeObject *type) {
    if (PyType_Ready(type) < 0) return NULL;
    PyObject *mod = PyModule_Create(def);
    if (mod == NULL) return NULL;
    Py_INCREF(type);
    if (PyModule_AddObject(mod, "Search", (PyObject *)type) < 0) {
        Py_DECREF(type);
        Py_DECREF(mod);
        return NULL;
    }
    return mod;
}

/* The module ``NAME`` (its file's name) with the type ``Search`` in it. */
#define KOZYR_SEARCH_MODULE(NAME)                                                                     \
    static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, #NAME, NULL, -1, NULL};                \
    PyMODINIT_FUNC PyInit_##NAME(void) { return kozyr_search_module(&module, &SearchType); }

#endif
