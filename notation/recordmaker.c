/* notation.recordmaker: a record made from its fields by position, in C.

   The fast readers make some hundreds of thousands of records per megabyte of text (a card
   played, a call, a tag ...).  notation.records.maker makes each one as the record class's own
   __init__ would, by position, with a function written for the class; this module is the same
   function in C: it allocates the object and stores each slot at its offset, with no Python
   frame.  It knows only slotted classes (each field a member descriptor of an object slot),
   which every record class is; notation.records.maker checks that, and the tests hold the two
   makers to the same records (tests/test_notation.py).  Built by setup.py with the compiled
   modules; a plain-Python install uses the Python maker. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

enum { FROM_DEFAULT = -1, NEW_LIST = -2, CALL_FACTORY = -3 };

typedef struct {
    PyObject_HEAD
    PyTypeObject *cls;
    Py_ssize_t nargs;      /* positional arguments a call takes */
    Py_ssize_t nslots;     /* slots set by a call: every field */
    Py_ssize_t *offsets;   /* each slot's offset in the object */
    Py_ssize_t *sources;   /* >= 0: that argument; or FROM_DEFAULT, NEW_LIST, CALL_FACTORY */
    PyObject **values;     /* the default, or the factory, of each slot that has one */
    vectorcallfunc vectorcall;
} Maker;

static PyObject *
maker_vectorcall(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Maker *m = (Maker *)self;
    Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    if ((kwnames != NULL && PyTuple_GET_SIZE(kwnames) != 0) || n != m->nargs) {
        PyErr_Format(PyExc_TypeError, "a maker of %s takes %zd arguments by position",
                     m->cls->tp_name, m->nargs);
        return NULL;
    }
    PyObject *obj = m->cls->tp_alloc(m->cls, 0);
    if (obj == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < m->nslots; i++) {
        Py_ssize_t source = m->sources[i];
        PyObject *value;
        if (source >= 0) {
            value = Py_NewRef(args[source]);
        } else if (source == FROM_DEFAULT) {
            value = Py_NewRef(m->values[i]);
        } else if (source == NEW_LIST) {
            value = PyList_New(0);
        } else {
            value = PyObject_CallNoArgs(m->values[i]);
        }
        if (value == NULL) {
            Py_DECREF(obj);
            return NULL;
        }
        *(PyObject **)((char *)obj + m->offsets[i]) = value;
    }
    return obj;
}

static void
maker_dealloc(Maker *m)
{
    if (m->values != NULL) {
        for (Py_ssize_t i = 0; i < m->nslots; i++) {
            Py_XDECREF(m->values[i]);
        }
    }
    PyMem_Free(m->values);
    PyMem_Free(m->offsets);
    PyMem_Free(m->sources);
    Py_XDECREF(m->cls);
    Py_TYPE(m)->tp_free((PyObject *)m);
}

/* Maker(cls, nargs, slots): slots is a sequence of (descriptor, source, value), one for
   each field of cls in order: the class's member descriptor of the field, where its value
   comes from (an argument's index, or FROM_DEFAULT, NEW_LIST, CALL_FACTORY) and the default
   or factory (None otherwise). */
static PyObject *
maker_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    PyObject *cls, *slots;
    Py_ssize_t nargs;
    if (kwds != NULL && PyDict_GET_SIZE(kwds) != 0) {
        PyErr_SetString(PyExc_TypeError, "Maker takes no keywords");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "O!nO:Maker", &PyType_Type, &cls, &nargs, &slots)) {
        return NULL;
    }
    PyObject *seq = PySequence_Fast(slots, "slots must be a sequence");
    if (seq == NULL) {
        return NULL;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    Maker *m = (Maker *)type->tp_alloc(type, 0);
    if (m == NULL) {
        Py_DECREF(seq);
        return NULL;
    }
    m->cls = (PyTypeObject *)Py_NewRef(cls);
    m->nargs = nargs;
    m->nslots = 0;
    m->offsets = PyMem_Calloc(count ? count : 1, sizeof(Py_ssize_t));
    m->sources = PyMem_Calloc(count ? count : 1, sizeof(Py_ssize_t));
    m->values = PyMem_Calloc(count ? count : 1, sizeof(PyObject *));
    m->vectorcall = maker_vectorcall;
    if (m->offsets == NULL || m->sources == NULL || m->values == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        PyObject *descr, *value;
        Py_ssize_t source;
        if (!PyArg_ParseTuple(item, "OnO:slot", &descr, &source, &value)) {
            goto fail;
        }
        if (!Py_IS_TYPE(descr, &PyMemberDescr_Type)) {
            PyErr_SetString(PyExc_TypeError, "a field is not a slot of the class");
            goto fail;
        }
        PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
        PyTypeObject *owner = ((PyMemberDescrObject *)descr)->d_common.d_type;
        if (member->type != T_OBJECT_EX || (member->flags & READONLY)
            || !PyType_IsSubtype((PyTypeObject *)cls, owner)) {
            PyErr_SetString(PyExc_TypeError, "a field is not a writable object slot of the class");
            goto fail;
        }
        if (source >= nargs || source < CALL_FACTORY) {
            PyErr_SetString(PyExc_ValueError, "a field's source is out of range");
            goto fail;
        }
        m->offsets[i] = member->offset;
        m->sources[i] = source;
        m->values[i] = Py_NewRef(value);
        m->nslots = i + 1;
    }
    Py_DECREF(seq);
    return (PyObject *)m;
fail:
    Py_DECREF(seq);
    Py_DECREF(m);
    return NULL;
}

static PyTypeObject MakerType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "notation.recordmaker.Maker",
    .tp_basicsize = sizeof(Maker),
    .tp_dealloc = (destructor)maker_dealloc,
    .tp_vectorcall_offset = offsetof(Maker, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "Maker(cls, nargs, slots): makes a cls from its fields by position (see the module).",
    .tp_new = maker_new,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "notation.recordmaker",
    .m_doc = "A record made from its fields by position, in C (see notation.records.maker).",
    .m_size = -1,
};

PyMODINIT_FUNC
PyInit_recordmaker(void)
{
    if (PyType_Ready(&MakerType) < 0) {
        return NULL;
    }
    PyObject *mod = PyModule_Create(&module);
    if (mod == NULL) {
        return NULL;
    }
    if (PyModule_AddObjectRef(mod, "Maker", (PyObject *)&MakerType) < 0
        || PyModule_AddIntConstant(mod, "FROM_DEFAULT", FROM_DEFAULT) < 0
        || PyModule_AddIntConstant(mod, "NEW_LIST", NEW_LIST) < 0
        || PyModule_AddIntConstant(mod, "CALL_FACTORY", CALL_FACTORY) < 0) {
        Py_DECREF(mod);
        return NULL;
    }
    return mod;
}
