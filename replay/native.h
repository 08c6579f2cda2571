/* What kozyr's searches in C share (replay/thousand/ddsearch.c, replay/sixtysix/dealsearch.c,
 * replay/bura/dealsearch.c): a card's suit and rank, the Python type ``Search`` of a search,
 * and its module.
 *
 * A search file defines its ``Search`` struct (with ``long long nodes``) and
 * ``Search_init``, ``Search_dealloc`` and ``Search_value``; then
 *
 *     KOZYR_SEARCH_TYPE("replay.game.module.Search", "what it searches", "value(...): ...")
 *     static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "module", NULL, -1, NULL};
 *     PyMODINIT_FUNC PyInit_module(void) { return kozyr_search_module(&module, &SearchType); }
 */
#ifndef KOZYR_NATIVE_H
#define KOZYR_NATIVE_H

/* A card as Python passes it (notation/cards.py, whose twin this is): its suit times the
 * nine ranks (6 to ace) plus its rank.  The searches use these two and no other arithmetic
 * on a card's number. */
#define KOZYR_RANKS 9
static inline int suit_of(int card) { return card / KOZYR_RANKS; }
static inline int rank_of(int card) { return card % KOZYR_RANKS; }

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

#endif
