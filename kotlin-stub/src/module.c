// The module's exported surface: the symbol table (Part 1 of the header), Store and Subject, the
// Kotlin `object`s, and the flow / StateFlow / SharedFlow conventions (Part 2).
#include "runtime.h"

#include <stdlib.h>
#include <string.h>

// --- Kotlin objects (singletons) ----------------------------------------------------------------

static ks_object elements[3];
static pthread_once_t elements_once = PTHREAD_ONCE_INIT;

// `object Foo` of the coroutines fixtures (the result of testAny / testObject).
const shared_KType ks_type_foo = {"fixtures.Foo", &ks_type_any};
static ks_object foo;

static void elements_init(void) {
  const shared_KType *types[3] = {&ks_type_element1, &ks_type_element2, &ks_type_element3};
  for (int i = 0; i < 3; i++) {
    ks_object_init(&elements[i], types[i], NULL);
    elements[i].permanent = true;
    elements[i].permanent_token = ks_handle_new_permanent(&elements[i]);
  }
  ks_object_init(&foo, &ks_type_foo, NULL);
  foo.permanent = true;
  foo.permanent_token = ks_handle_new_permanent(&foo);
}

ks_object *ks_foo(void) {
  pthread_once(&elements_once, elements_init);
  return &foo;
}

static shared_kref_fixtures_Foo foo_instance(void) { return (shared_kref_fixtures_Foo){ks_kref_for(ks_foo())}; }

ks_object *ks_element(int n) {
  pthread_once(&elements_once, elements_init);
  return &elements[n - 1];
}

static shared_kref_fixtures_Element1 element1_instance(void) { return (shared_kref_fixtures_Element1){ks_kref_for(ks_element(1))}; }
static shared_kref_fixtures_Element2 element2_instance(void) { return (shared_kref_fixtures_Element2){ks_kref_for(ks_element(2))}; }
static shared_kref_fixtures_Element3 element3_instance(void) { return (shared_kref_fixtures_Element3){ks_kref_for(ks_element(3))}; }

// --- class Store ----------------------------------------------------------------------------------

typedef struct {
  ks_object header;
  ks_state_flow *state; // private val _state = MutableStateFlow(0)
  ks_object *view;      // val state = _state.asStateFlow()
} store;

static void store_destroy(ks_object *object) {
  store *s = (store *)object;
  ks_release(s->view);
  ks_release((ks_object *)s->state);
  free(s);
}

static shared_kref_shared_Store store_new(void) {
  store *s = ks_calloc(1, sizeof(store));
  ks_object_init(&s->header, &ks_type_store, store_destroy);
  s->state = ks_state_flow_new(ks_value_int(0));
  s->view = ks_state_flow_readonly(s->state);
  shared_kref_shared_Store ref = {ks_kref_for(&s->header)};
  ks_release(&s->header);
  return ref;
}

static store *resolve_store(shared_kref_shared_Store thiz, const char *what) {
  return (store *)ks_kref_resolve(thiz.pinned, &ks_type_store, what);
}

static shared_kref_kotlinx_coroutines_flow_StateFlow store_state(shared_kref_shared_Store thiz) {
  store *s = resolve_store(thiz, "Store.state");
  if (s == NULL) return (shared_kref_kotlinx_coroutines_flow_StateFlow){NULL};
  shared_kref_kotlinx_coroutines_flow_StateFlow ref = {ks_kref_for(s->view)};
  ks_release(&s->header);
  return ref;
}

static void store_increment(shared_kref_shared_Store thiz) {
  store *s = resolve_store(thiz, "Store.increment");
  if (s == NULL) return;
  ks_state_flow_update_int(s->state, 1);
  ks_release(&s->header);
}

static void store_reset(shared_kref_shared_Store thiz) {
  store *s = resolve_store(thiz, "Store.reset");
  if (s == NULL) return;
  ks_value zero = ks_value_int(0);
  ks_state_flow_set(s->state, &zero);
  ks_release(&s->header);
}

// --- class Subject --------------------------------------------------------------------------------

typedef struct {
  ks_object header;
  ks_state_flow *mutable_state_flow; // also `stateFlow`
  ks_shared_flow *mutable_shared_flow; // also `sharedFlow`
  ks_state_flow *counter;
} subject;

static void subject_destroy(ks_object *object) {
  subject *s = (subject *)object;
  ks_release((ks_object *)s->mutable_state_flow);
  ks_release((ks_object *)s->mutable_shared_flow);
  ks_release((ks_object *)s->counter);
  free(s);
}

static shared_kref_fixtures_Subject subject_new(void) {
  subject *s = ks_calloc(1, sizeof(subject));
  ks_object_init(&s->header, &ks_type_subject, subject_destroy);
  s->mutable_state_flow = ks_state_flow_new(ks_value_object(ks_element(1)));
  s->mutable_shared_flow = ks_shared_flow_new(3, 0);
  s->counter = ks_state_flow_new(ks_value_int(0));
  shared_kref_fixtures_Subject ref = {ks_kref_for(&s->header)};
  ks_release(&s->header);
  return ref;
}

static shared_KNativePtr subject_property(shared_kref_fixtures_Subject thiz, const char *what, int which) {
  subject *s = (subject *)ks_kref_resolve(thiz.pinned, &ks_type_subject, what);
  if (s == NULL) return NULL;
  ks_object *property = which == 0   ? (ks_object *)s->mutable_state_flow
                        : which == 1 ? (ks_object *)s->mutable_shared_flow
                                     : (ks_object *)s->counter;
  shared_KNativePtr token = ks_kref_for(property);
  ks_release(&s->header);
  return token;
}

static shared_kref_kotlinx_coroutines_flow_MutableStateFlow subject_mutable_state_flow(shared_kref_fixtures_Subject t) {
  return (shared_kref_kotlinx_coroutines_flow_MutableStateFlow){subject_property(t, "Subject.mutableStateFlow", 0)};
}
static shared_kref_kotlinx_coroutines_flow_StateFlow subject_state_flow(shared_kref_fixtures_Subject t) {
  return (shared_kref_kotlinx_coroutines_flow_StateFlow){subject_property(t, "Subject.stateFlow", 0)};
}
static shared_kref_kotlinx_coroutines_flow_MutableSharedFlow subject_mutable_shared_flow(
  shared_kref_fixtures_Subject t) {
  return (shared_kref_kotlinx_coroutines_flow_MutableSharedFlow){subject_property(t, "Subject.mutableSharedFlow", 1)};
}
static shared_kref_kotlinx_coroutines_flow_SharedFlow subject_shared_flow(shared_kref_fixtures_Subject t) {
  return (shared_kref_kotlinx_coroutines_flow_SharedFlow){subject_property(t, "Subject.sharedFlow", 1)};
}
static shared_kref_kotlinx_coroutines_flow_MutableStateFlow subject_counter(shared_kref_fixtures_Subject t) {
  return (shared_kref_kotlinx_coroutines_flow_MutableStateFlow){subject_property(t, "Subject.counter", 2)};
}

// --- value checks for typed flows ---------------------------------------------------------------------

// Whether `value` fits a state flow whose current value is `current` (StateFlow<Int> or
// MutableStateFlow<Elem>, non-null: the module's two element types).
static bool fits(const ks_value *current, const ks_value *value) {
  if (current->kind == shared_ValueKind_object)
    return value->kind == shared_ValueKind_object && ks_is_instance(value->as.object, &ks_type_elem);
  return value->kind == current->kind;
}

static ks_state_flow *resolve_state_flow(shared_KNativePtr token, bool needs_mutable, const char *what,
                                         shared_Status *status) {
  shared_Status ignored;
  ks_object *object = ks_kref_resolve_status(
    token, needs_mutable ? &ks_type_mutable_state_flow : &ks_type_state_flow, what, status ? status : &ignored);
  if (object == NULL) return NULL;
  ks_state_flow *flow = ks_state_flow_of(object);
  ks_retain((ks_object *)flow);
  ks_release(object);
  return flow;
}

static void fixtures_set_value(shared_kref_kotlinx_coroutines_flow_MutableStateFlow flow,
                               shared_kref_fixtures_Elem value) {
  ks_state_flow *target = resolve_state_flow(flow.pinned, true, "setValue(flow)", NULL);
  if (target == NULL) return;
  ks_object *element = ks_kref_resolve(value.pinned, &ks_type_elem, "setValue(value)");
  if (element != NULL) {
    ks_value v = ks_value_object(element);
    ks_value current;
    ks_state_flow_get(target, &current);
    if (fits(&current, &v))
      ks_state_flow_set(target, &v);
    else
      ks_misuse("setValue: the flow does not hold Elem values");
    ks_value_destroy(&current);
    ks_value_destroy(&v);
    ks_release(element);
  }
  ks_release((ks_object *)target);
}

shared_Status shared_StateFlow_value(shared_kref_kotlinx_coroutines_flow_StateFlow flow, shared_Value *out) {
  if (out == NULL) {
    ks_misuse("shared_StateFlow_value: `out` is NULL");
    return shared_Status_nullArgument;
  }
  shared_Status resolved;
  ks_state_flow *target = resolve_state_flow(flow.pinned, false, "shared_StateFlow_value", &resolved);
  if (target == NULL) return resolved;
  ks_value value;
  ks_state_flow_get(target, &value);
  ks_value_export(&value, out, true);
  ks_value_destroy(&value);
  ks_release((ks_object *)target);
  return shared_Status_ok;
}

// Imports a borrowed value for `target`; reports a misuse when it does not fit.
static shared_Status import_for(ks_state_flow *target, const shared_Value *in, ks_value *out, const char *what) {
  shared_Status status = ks_value_import(in, out);
  if (status != shared_Status_ok) return status;
  if (ks_state_flow_accepts_any_value(target)) return shared_Status_ok;
  ks_value current;
  ks_state_flow_get(target, &current);
  bool ok = fits(&current, out);
  ks_value_destroy(&current);
  if (ok) return shared_Status_ok;
  ks_misuse("%s: a value of kind %d does not fit this flow's element type", what, in->kind);
  ks_value_destroy(out);
  return shared_Status_invalidArgument;
}

shared_Status shared_MutableStateFlow_setValue(shared_kref_kotlinx_coroutines_flow_MutableStateFlow flow,
                                               const shared_Value *value) {
  shared_Status resolved;
  ks_state_flow *target = resolve_state_flow(flow.pinned, true, "shared_MutableStateFlow_setValue", &resolved);
  if (target == NULL) return resolved;
  ks_value v;
  shared_Status status = import_for(target, value, &v, "shared_MutableStateFlow_setValue");
  if (status == shared_Status_ok) {
    ks_state_flow_set(target, &v);
    ks_value_destroy(&v);
  }
  ks_release((ks_object *)target);
  return status;
}

shared_Status shared_MutableStateFlow_compareAndSet(shared_kref_kotlinx_coroutines_flow_MutableStateFlow flow,
                                                    const shared_Value *expect, const shared_Value *update,
                                                    shared_KBoolean *swapped) {
  if (swapped == NULL) {
    ks_misuse("shared_MutableStateFlow_compareAndSet: `swapped` is NULL");
    return shared_Status_nullArgument;
  }
  *swapped = false;
  shared_Status resolved;
  ks_state_flow *target = resolve_state_flow(flow.pinned, true, "shared_MutableStateFlow_compareAndSet", &resolved);
  if (target == NULL) return resolved;
  ks_value e, u;
  shared_Status status = ks_value_import(expect, &e);
  if (status == shared_Status_ok) {
    status = import_for(target, update, &u, "shared_MutableStateFlow_compareAndSet(update)");
    if (status == shared_Status_ok) {
      *swapped = ks_state_flow_compare_and_set(target, &e, &u);
      ks_value_destroy(&u);
    }
    ks_value_destroy(&e);
  }
  ks_release((ks_object *)target);
  return status;
}

static shared_KBoolean is_instance(shared_KNativePtr ref, const shared_KType *type);

// Kotlin's MutableStateFlow is a MutableSharedFlow, so the MutableSharedFlow functions accept one
// and give it MutableStateFlow's behaviour. NULL (and no misuse) when `token` is something else.
static ks_state_flow *as_mutable_state_flow(shared_KNativePtr token) {
  if (token == NULL || !is_instance(token, &ks_type_mutable_state_flow)) return NULL;
  return resolve_state_flow(token, true, "MutableSharedFlow(MutableStateFlow)", NULL);
}

static ks_shared_flow *resolve_shared_flow(shared_KNativePtr token, const char *what, shared_Status *status) {
  shared_Status ignored;
  ks_object *object = ks_kref_resolve_status(token, &ks_type_mutable_shared_flow, what, status ? status : &ignored);
  return object == NULL ? NULL : ks_shared_flow_of(object);
}

// The fixture shared flow's elements are Elem; a double's shared flow takes any value.
static shared_Status import_elem(ks_shared_flow *target, const shared_Value *in, ks_value *out, const char *what) {
  shared_Status status = ks_value_import(in, out);
  if (status != shared_Status_ok) return status;
  if (ks_shared_flow_accepts_any_value(target)) return shared_Status_ok;
  if (out->kind == shared_ValueKind_object && ks_is_instance(out->as.object, &ks_type_elem)) return shared_Status_ok;
  ks_misuse("%s: a value of kind %d does not fit MutableSharedFlow<Elem>; pass an Elem kref", what, in->kind);
  ks_value_destroy(out);
  return shared_Status_invalidArgument;
}

shared_Status shared_SharedFlow_replayCache(shared_kref_kotlinx_coroutines_flow_SharedFlow flow, shared_Value *out) {
  if (out == NULL) {
    ks_misuse("shared_SharedFlow_replayCache: `out` is NULL");
    return shared_Status_nullArgument;
  }
  if (flow.pinned != NULL && is_instance(flow.pinned, &ks_type_state_flow)) {
    // StateFlow.replayCache is listOf(value).
    ks_state_flow *state = resolve_state_flow(flow.pinned, false, "shared_SharedFlow_replayCache", NULL);
    if (state == NULL) return shared_Status_disposedHandle;
    ks_value *one = ks_malloc(sizeof(ks_value));
    ks_state_flow_get(state, one);
    ks_value list = {.kind = shared_ValueKind_list, .count = 1, .as.list = one};
    ks_value_export(&list, out, true);
    ks_value_destroy(&list);
    ks_release((ks_object *)state);
    return shared_Status_ok;
  }
  shared_Status resolved;
  ks_shared_flow *target = resolve_shared_flow(flow.pinned, "shared_SharedFlow_replayCache", &resolved);
  if (target == NULL) return resolved;
  ks_value list;
  ks_shared_flow_replay_cache(target, &list);
  ks_value_export(&list, out, true);
  ks_value_destroy(&list);
  ks_release((ks_object *)target);
  return shared_Status_ok;
}

shared_kref_kotlinx_coroutines_flow_StateFlow shared_MutableSharedFlow_subscriptionCount(
  shared_kref_kotlinx_coroutines_flow_MutableSharedFlow flow) {
  ks_state_flow *state = as_mutable_state_flow(flow.pinned);
  if (state != NULL) { // a MutableStateFlow is a MutableSharedFlow: its collectors are counted too
    ks_state_flow *count = ks_state_flow_subscription_count(state);
    ks_release((ks_object *)state);
    shared_kref_kotlinx_coroutines_flow_StateFlow ref = {ks_kref_for((ks_object *)count)};
    ks_release((ks_object *)count);
    return ref;
  }
  ks_shared_flow *target = resolve_shared_flow(flow.pinned, "shared_MutableSharedFlow_subscriptionCount", NULL);
  if (target == NULL) return (shared_kref_kotlinx_coroutines_flow_StateFlow){NULL};
  shared_kref_kotlinx_coroutines_flow_StateFlow ref = {
    ks_kref_for((ks_object *)ks_shared_flow_subscription_count(target))};
  ks_release((ks_object *)target);
  return ref;
}

shared_Status shared_MutableSharedFlow_tryEmit(shared_kref_kotlinx_coroutines_flow_MutableSharedFlow flow,
                                               const shared_Value *value, shared_KBoolean *emitted) {
  if (emitted == NULL) {
    ks_misuse("shared_MutableSharedFlow_tryEmit: `emitted` is NULL");
    return shared_Status_nullArgument;
  }
  *emitted = false;
  ks_state_flow *state = as_mutable_state_flow(flow.pinned);
  if (state != NULL) { // MutableStateFlow.tryEmit(value): `this.value = value; return true`
    ks_value v;
    shared_Status status = import_for(state, value, &v, "shared_MutableSharedFlow_tryEmit");
    if (status == shared_Status_ok) {
      ks_state_flow_set(state, &v);
      ks_value_destroy(&v);
      *emitted = true;
    }
    ks_release((ks_object *)state);
    return status;
  }
  shared_Status resolved;
  ks_shared_flow *target = resolve_shared_flow(flow.pinned, "shared_MutableSharedFlow_tryEmit", &resolved);
  if (target == NULL) return resolved;
  ks_value v;
  shared_Status status = import_elem(target, value, &v, "shared_MutableSharedFlow_tryEmit");
  if (status == shared_Status_ok) {
    *emitted = ks_shared_flow_try_emit(target, &v);
    ks_value_destroy(&v);
  }
  ks_release((ks_object *)target);
  return status;
}

shared_Call shared_MutableSharedFlow_emit(shared_kref_kotlinx_coroutines_flow_MutableSharedFlow flow,
                                          const shared_Value *value, shared_Continuation continuation,
                                          shared_Status *status) {
  shared_Status ignored;
  if (status == NULL) status = &ignored;
  ks_state_flow *state = as_mutable_state_flow(flow.pinned);
  if (state != NULL) { // MutableStateFlow.emit(value): `this.value = value`, never suspends
    ks_value v;
    *status = import_for(state, value, &v, "shared_MutableSharedFlow_emit");
    shared_Call call = {NULL};
    if (*status == shared_Status_ok) call = ks_state_flow_emit_call(state, &v, continuation, status);
    ks_release((ks_object *)state);
    return call;
  }
  ks_shared_flow *target = resolve_shared_flow(flow.pinned, "shared_MutableSharedFlow_emit", status);
  if (target == NULL) {
    return (shared_Call){NULL};
  }
  ks_value v;
  *status = import_elem(target, value, &v, "shared_MutableSharedFlow_emit");
  shared_Call call = {NULL};
  if (*status == shared_Status_ok) call = ks_shared_flow_emit(target, &v, continuation, status);
  ks_release((ks_object *)target);
  return call;
}

shared_Status shared_MutableSharedFlow_resetReplayCache(shared_kref_kotlinx_coroutines_flow_MutableSharedFlow flow) {
  ks_state_flow *state = as_mutable_state_flow(flow.pinned);
  if (state != NULL) {
    ks_release((ks_object *)state);
    ks_misuse("shared_MutableSharedFlow_resetReplayCache: MutableStateFlow.resetReplayCache is not supported "
              "(Kotlin throws UnsupportedOperationException); a state flow's replay cache is its value");
    return shared_Status_invalidArgument;
  }
  shared_Status resolved;
  ks_shared_flow *target = resolve_shared_flow(flow.pinned, "shared_MutableSharedFlow_resetReplayCache", &resolved);
  if (target == NULL) return resolved;
  ks_shared_flow_reset_replay_cache(target);
  ks_release((ks_object *)target);
  return shared_Status_ok;
}

// --- collections --------------------------------------------------------------------------------

shared_Collection shared_Flow_collect(shared_kref_kotlinx_coroutines_flow_Flow flow, shared_BufferPolicy policy,
                                      shared_FlowCollector collector, shared_Status *status) {
  shared_Status ignored;
  if (status == NULL) status = &ignored;
  if (collector.onItems == NULL || collector.onTerminal == NULL) {
    ks_misuse("shared_Flow_collect: the collector's %s callback is NULL; both onItems and onTerminal are required",
              collector.onItems == NULL ? "onItems" : "onTerminal");
    *status = shared_Status_nullArgument;
    return (shared_Collection){NULL};
  }
  ks_object *object = ks_kref_resolve_status(flow.pinned, &ks_type_flow, "shared_Flow_collect(flow)", status);
  if (object == NULL) {
    return (shared_Collection){NULL};
  }
  ks_collection *collection = ks_collection_start(object, policy, &collector, NULL, status);
  ks_release(object);
  if (collection == NULL) return (shared_Collection){NULL};
  ks_object *header = (ks_object *)ks_collection_job(collection);
  shared_KNativePtr token = ks_handle_new(KS_HANDLE_COLLECTION, header, NULL);
  if (token == NULL) ks_collection_release(collection); // still delivers onTerminal(cancelled)
  ks_release(header);
  return (shared_Collection){token};
}

static ks_collection *resolve_collection(shared_Collection handle, const char *what, shared_Status *status) {
  ks_object *object = NULL;
  *status = ks_handle_get(handle.pinned, KS_HANDLE_COLLECTION, what, &object);
  return (ks_collection *)object;
}

shared_Status shared_Collection_request(shared_Collection handle) {
  shared_Status status;
  ks_collection *collection = resolve_collection(handle, "shared_Collection_request", &status);
  if (collection == NULL) return status;
  status = ks_collection_request(collection);
  ks_release((ks_object *)collection);
  return status;
}

shared_Status shared_Collection_cancel(shared_Collection handle) {
  shared_Status status;
  ks_collection *collection = resolve_collection(handle, "shared_Collection_cancel", &status);
  if (collection == NULL) return status;
  status = ks_collection_cancel_status(collection);
  ks_release((ks_object *)collection);
  return status;
}

shared_Status shared_Collection_release(shared_Collection handle) {
  ks_object *object = NULL;
  shared_Status status = ks_handle_free(handle.pinned, KS_HANDLE_COLLECTION, "shared_Collection_release", &object);
  if (status != shared_Status_ok) return status;
  ks_collection_release((ks_collection *)object);
  ks_release(object);
  return shared_Status_ok;
}

// --- service functions ----------------------------------------------------------------------------

static void dispose_stable_pointer(shared_KNativePtr pointer) {
  if (pointer == NULL) return;
  ks_object *object = NULL;
  if (ks_handle_free(pointer, KS_HANDLE_REF, "DisposeStablePointer", &object) == shared_Status_ok) ks_release(object);
}

static void dispose_string(const char *string) {
  if (string == NULL) return;
  if (!ks_owned_take(string)) {
    ks_misuse("DisposeString: %p is not a string this API returned, or it was already disposed (a second "
              "dispose, a literal, or a string borrowed from a callback); nothing freed",
              (const void *)string);
    return;
  }
  free((char *)string);
}

static shared_KBoolean is_instance(shared_KNativePtr ref, const shared_KType *type) {
  if (ref == NULL || type == NULL) return false;
  ks_object *object = ks_kref_resolve(ref, NULL, "IsInstance");
  if (object == NULL) return false;
  bool result = ks_is_instance(object, type);
  ks_release(object);
  return result;
}

shared_KBoolean shared_Any_identical(shared_KNativePtr a, shared_KNativePtr b) {
  if (a == NULL || b == NULL) return a == b;
  ks_object *x = ks_kref_resolve(a, NULL, "shared_Any_identical(a)");
  ks_object *y = ks_kref_resolve(b, NULL, "shared_Any_identical(b)");
  bool same = x != NULL && x == y;
  ks_release(x);
  ks_release(y);
  return same;
}

static const char *throwable_message(shared_kref_kotlin_Throwable thiz) {
  ks_object *object = ks_kref_resolve(thiz.pinned, &ks_type_throwable, "Throwable.message");
  if (object == NULL) return NULL;
  const char *message = ks_throwable_message(object);
  char *copy = message == NULL ? NULL : ks_owned_strdup(message);
  ks_release(object);
  return copy;
}

static const char *throwable_class_name(shared_kref_kotlin_Throwable thiz) {
  ks_object *object = ks_kref_resolve(thiz.pinned, &ks_type_throwable, "Throwable.className");
  if (object == NULL) return NULL;
  char *copy = ks_owned_strdup(object->type->name);
  ks_release(object);
  return copy;
}

#define TYPE_GETTER(fn, type) \
  static shared_KType *fn(void) { return (shared_KType *)&type; }
TYPE_GETTER(throwable_type, ks_type_throwable)
TYPE_GETTER(store_type, ks_type_store)
TYPE_GETTER(elem_type, ks_type_elem)
TYPE_GETTER(element1_type, ks_type_element1)
TYPE_GETTER(element2_type, ks_type_element2)
TYPE_GETTER(element3_type, ks_type_element3)
TYPE_GETTER(subject_type, ks_type_subject)
TYPE_GETTER(foo_type, ks_type_foo)

static shared_ExportedSymbols symbols;
static pthread_once_t symbols_once = PTHREAD_ONCE_INIT;

static void symbols_init(void) {
  symbols.DisposeStablePointer = dispose_stable_pointer;
  symbols.DisposeString = dispose_string;
  symbols.IsInstance = is_instance;
  symbols.kotlin.root.kotlin.Throwable._type = throwable_type;
  symbols.kotlin.root.kotlin.Throwable.get_message = throwable_message;
  symbols.kotlin.root.kotlin.Throwable.get_className = throwable_class_name;
  symbols.kotlin.root.shared.Store._type = store_type;
  symbols.kotlin.root.shared.Store.Store = store_new;
  symbols.kotlin.root.shared.Store.get_state = store_state;
  symbols.kotlin.root.shared.Store.increment = store_increment;
  symbols.kotlin.root.shared.Store.reset = store_reset;
  symbols.kotlin.root.fixtures.Elem._type = elem_type;
  symbols.kotlin.root.fixtures.Element1._type = element1_type;
  symbols.kotlin.root.fixtures.Element1._instance = element1_instance;
  symbols.kotlin.root.fixtures.Element2._type = element2_type;
  symbols.kotlin.root.fixtures.Element2._instance = element2_instance;
  symbols.kotlin.root.fixtures.Element3._type = element3_type;
  symbols.kotlin.root.fixtures.Element3._instance = element3_instance;
  symbols.kotlin.root.fixtures.Subject._type = subject_type;
  symbols.kotlin.root.fixtures.Subject.Subject = subject_new;
  symbols.kotlin.root.fixtures.Subject.get_mutableStateFlow = subject_mutable_state_flow;
  symbols.kotlin.root.fixtures.Subject.get_stateFlow = subject_state_flow;
  symbols.kotlin.root.fixtures.Subject.get_mutableSharedFlow = subject_mutable_shared_flow;
  symbols.kotlin.root.fixtures.Subject.get_sharedFlow = subject_shared_flow;
  symbols.kotlin.root.fixtures.Subject.get_counter = subject_counter;
  symbols.kotlin.root.fixtures.elements = ks_fixture_elements;
  symbols.kotlin.root.fixtures.nullableElements = ks_fixture_nullable_elements;
  symbols.kotlin.root.fixtures.noElements = ks_fixture_no_elements;
  symbols.kotlin.root.fixtures.words = ks_fixture_words;
  symbols.kotlin.root.fixtures.greetings = ks_fixture_greetings;
  symbols.kotlin.root.fixtures.lists = ks_fixture_lists;
  symbols.kotlin.root.fixtures.unsigned_ = ks_fixture_unsigned;
  symbols.kotlin.root.fixtures.units = ks_fixture_units;
  symbols.kotlin.root.fixtures.failing = ks_fixture_failing;
  symbols.kotlin.root.fixtures.discarding = ks_fixture_discarding;
  symbols.kotlin.root.fixtures.range = ks_fixture_range;
  symbols.kotlin.root.fixtures.strings = ks_fixture_strings;
  symbols.kotlin.root.fixtures.ticks = ks_fixture_ticks;
  symbols.kotlin.root.fixtures.setValue = fixtures_set_value;
  symbols.kotlin.root.fixtures.Foo._type = foo_type;
  symbols.kotlin.root.fixtures.Foo._instance = foo_instance;
  ks_location_install(&symbols);
}

shared_ExportedSymbols *shared_symbols(void) {
  pthread_once(&symbols_once, symbols_init);
  return &symbols;
}
