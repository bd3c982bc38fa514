// Kotlin classes, reference-counted objects, values and throwables.
#include "runtime.h"

#include <stdlib.h>
#include <string.h>

const shared_KType ks_type_any = {"kotlin.Any", NULL};
const shared_KType ks_type_throwable = {"kotlin.Throwable", &ks_type_any};
const shared_KType ks_type_exception = {"kotlin.Exception", &ks_type_throwable};
const shared_KType ks_type_runtime_exception = {"kotlin.RuntimeException", &ks_type_exception};
const shared_KType ks_type_illegal_state = {"kotlin.IllegalStateException", &ks_type_runtime_exception};
const shared_KType ks_type_illegal_argument = {"kotlin.IllegalArgumentException", &ks_type_runtime_exception};
const shared_KType ks_type_cancellation = {"kotlinx.coroutines.CancellationException", &ks_type_illegal_state};
const shared_KType ks_type_flow = {"kotlinx.coroutines.flow.Flow", &ks_type_any};
const shared_KType ks_type_cold_flow = {"kotlinx.coroutines.flow.internal.SafeFlow", &ks_type_flow};
const shared_KType ks_type_shared_flow = {"kotlinx.coroutines.flow.SharedFlow", &ks_type_flow};
const shared_KType ks_type_mutable_shared_flow = {"kotlinx.coroutines.flow.MutableSharedFlow", &ks_type_shared_flow};
const shared_KType ks_type_state_flow = {"kotlinx.coroutines.flow.StateFlow", &ks_type_shared_flow};
const shared_KType ks_type_mutable_state_flow = {"kotlinx.coroutines.flow.MutableStateFlow", &ks_type_state_flow};
const shared_KType ks_type_readonly_state_flow = {"kotlinx.coroutines.flow.ReadonlyStateFlow", &ks_type_state_flow};
const shared_KType ks_type_store = {"shared.Store", &ks_type_any};
const shared_KType ks_type_elem = {"fixtures.Elem", &ks_type_any};
const shared_KType ks_type_element1 = {"fixtures.Element1", &ks_type_elem};
const shared_KType ks_type_element2 = {"fixtures.Element2", &ks_type_elem};
const shared_KType ks_type_element3 = {"fixtures.Element3", &ks_type_elem};
const shared_KType ks_type_subject = {"fixtures.Subject", &ks_type_any};
// Runtime handles are not Kotlin objects a user can see, but share the refcounting machinery.
const shared_KType ks_type_collection = {"<collection>", NULL};
const shared_KType ks_type_call = {"<call>", NULL};
const shared_KType ks_type_scope = {"<scope>", NULL};

void ks_object_init(ks_object *object, const shared_KType *type, void (*destroy)(ks_object *)) {
  object->type = type;
  atomic_init(&object->refs, 1);
  object->permanent = false;
  object->permanent_token = NULL;
  object->destroy = destroy;
}

ks_object *ks_retain(ks_object *object) {
  if (object != NULL && !object->permanent) atomic_fetch_add_explicit(&object->refs, 1, memory_order_relaxed);
  return object;
}

void ks_release(ks_object *object) {
  if (object == NULL || object->permanent) return;
  if (atomic_fetch_sub_explicit(&object->refs, 1, memory_order_acq_rel) == 1) object->destroy(object);
}

bool ks_is_instance(const ks_object *object, const shared_KType *type) {
  if (object == NULL || type == NULL) return false;
  for (const shared_KType *t = object->type; t != NULL; t = t->super)
    if (t == type) return true;
  return false;
}

// --- values ---------------------------------------------------------------------------------

ks_value ks_value_null(void) { return (ks_value){.kind = shared_ValueKind_null}; }
ks_value ks_value_unit(void) { return (ks_value){.kind = shared_ValueKind_unit}; }
ks_value ks_value_int(int32_t v) { return (ks_value){.kind = shared_ValueKind_int, .as.i = v}; }
ks_value ks_value_long(int64_t v) { return (ks_value){.kind = shared_ValueKind_long, .as.l = v}; }
ks_value ks_value_uint(uint32_t v) { return (ks_value){.kind = shared_ValueKind_uint, .as.u = v}; }

ks_value ks_value_string(const char *utf8, int32_t length) {
  char *copy = ks_malloc((size_t)length + 1);
  memcpy(copy, utf8, (size_t)length);
  copy[length] = '\0';
  return (ks_value){.kind = shared_ValueKind_string, .count = length, .as.string = copy};
}

ks_value ks_value_object(ks_object *object) {
  return (ks_value){.kind = shared_ValueKind_object, .as.object = ks_retain(object)};
}

ks_value ks_value_copy(const ks_value *v) {
  switch (v->kind) {
  case shared_ValueKind_string: return ks_value_string(v->as.string, v->count);
  case shared_ValueKind_object: return ks_value_object(v->as.object);
  case shared_ValueKind_list:
  case shared_ValueKind_map: {
    ks_value copy = {.kind = v->kind, .count = v->count};
    int32_t slots = ks_value_slots(v);
    copy.as.list = ks_calloc((size_t)slots, sizeof(ks_value));
    for (int32_t i = 0; i < slots; i++) copy.as.list[i] = ks_value_copy(&v->as.list[i]);
    return copy;
  }
  default: return *v;
  }
}

void ks_value_destroy(ks_value *v) {
  switch (v->kind) {
  case shared_ValueKind_string: free(v->as.string); break;
  case shared_ValueKind_object: ks_release(v->as.object); break;
  case shared_ValueKind_list:
  case shared_ValueKind_map:
    for (int32_t i = 0; i < ks_value_slots(v); i++) ks_value_destroy(&v->as.list[i]);
    free(v->as.list);
    break;
  default: break;
  }
  *v = ks_value_null();
}

// Kotlin's Double.equals, which `==` on a boxed value (a StateFlow's, a Map key's) uses: every NaN
// equals every NaN, and 0.0 and -0.0 differ, unlike IEEE comparison.
static bool double_equals(double a, double b) {
  if (a != a || b != b) return a != a && b != b;
  uint64_t x, y;
  memcpy(&x, &a, sizeof x);
  memcpy(&y, &b, sizeof y);
  return x == y;
}

static bool map_equal(const ks_value *a, const ks_value *b);

// Kotlin `==` (equals): structural for primitives, strings, lists and maps; identity for the fixture
// objects (none of them overrides equals), a box's equals for a test double's value.
bool ks_value_equal(const ks_value *a, const ks_value *b) {
  if (a->kind != b->kind) return false;
  switch (a->kind) {
  case shared_ValueKind_null:
  case shared_ValueKind_unit: return true;
  case shared_ValueKind_boolean: return a->as.boolean == b->as.boolean;
  case shared_ValueKind_int: return a->as.i == b->as.i;
  case shared_ValueKind_long: return a->as.l == b->as.l;
  case shared_ValueKind_uint: return a->as.u == b->as.u;
  case shared_ValueKind_double: return double_equals(a->as.d, b->as.d);
  case shared_ValueKind_string:
    return a->count == b->count && memcmp(a->as.string, b->as.string, (size_t)a->count) == 0;
  case shared_ValueKind_object: {
    if (a->as.object == b->as.object) return true;
    bool decided = false;
    bool equal = ks_box_equal(a->as.object, b->as.object, &decided); // a data class's equals
    return decided && equal;
  }
  case shared_ValueKind_list:
    if (a->count != b->count) return false;
    for (int32_t i = 0; i < a->count; i++)
      if (!ks_value_equal(&a->as.list[i], &b->as.list[i])) return false;
    return true;
  case shared_ValueKind_map: return map_equal(a, b);
  default: return false;
  }
}

// --- map keys ---------------------------------------------------------------------------------
// A map's keys are found through a hash consistent with ks_value_equal: equal values hash alike.
// An object hashes by identity, except a test double's box with a (Swift) equals and no hash here:
// those hash by their class, and boxes of one class are told apart by equals alone.

static uint64_t mix(uint64_t h, uint64_t x) { return (h ^ x) * 0x100000001b3ull; }

static uint64_t value_hash(const ks_value *v) {
  uint64_t h = mix(0xcbf29ce484222325ull, (uint64_t)(uint32_t)v->kind);
  switch (v->kind) {
  case shared_ValueKind_boolean: return mix(h, v->as.boolean);
  case shared_ValueKind_int: return mix(h, (uint32_t)v->as.i);
  case shared_ValueKind_long: return mix(h, (uint64_t)v->as.l);
  case shared_ValueKind_uint: return mix(h, v->as.u);
  case shared_ValueKind_double: {
    double d = v->as.d;
    if (d != d) return mix(h, 0x7ff8000000000000ull); // every NaN alike, as double_equals
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    return mix(h, bits);
  }
  case shared_ValueKind_string:
    for (int32_t i = 0; i < v->count; i++) h = mix(h, (unsigned char)v->as.string[i]);
    return h;
  case shared_ValueKind_list:
    for (int32_t i = 0; i < v->count; i++) h = mix(h, value_hash(&v->as.list[i]));
    return h;
  case shared_ValueKind_map: { // Kotlin's Map.hashCode: a sum over entries, whatever their order
    uint64_t sum = 0;
    for (int32_t i = 0; i < v->count; i++)
      sum += value_hash(&v->as.list[2 * i]) * 31 + value_hash(&v->as.list[2 * i + 1]);
    return mix(h, sum);
  }
  case shared_ValueKind_object: return mix(h, (uint64_t)(uintptr_t)ks_object_equality_key(v->as.object));
  default: return h; // null, Unit
  }
}

typedef struct {
  uint64_t hash;
  int32_t entry;
} key_slot;

static int compare_key_slots(const void *x, const void *y) {
  const key_slot *a = x, *b = y;
  if (a->hash != b->hash) return a->hash < b->hash ? -1 : 1;
  return a->entry < b->entry ? -1 : a->entry > b->entry;
}

// The map's keys sorted by hash (ties by entry): equal keys are neighbours within a run of one hash.
static key_slot *sorted_keys(const ks_value *map) {
  key_slot *keys = ks_calloc((size_t)map->count, sizeof(key_slot));
  for (int32_t i = 0; i < map->count; i++) keys[i] = (key_slot){value_hash(&map->as.list[2 * i]), i};
  qsort(keys, (size_t)map->count, sizeof(key_slot), compare_key_slots);
  return keys;
}

// The entry of `map` whose key equals `key`, or -1.
static int32_t find_key(const ks_value *map, const key_slot *keys, const ks_value *key) {
  uint64_t hash = value_hash(key);
  int32_t low = 0, high = map->count;
  while (low < high) { // the first slot with this hash
    int32_t middle = low + (high - low) / 2;
    if (keys[middle].hash < hash) low = middle + 1; else high = middle;
  }
  for (int32_t i = low; i < map->count && keys[i].hash == hash; i++)
    if (ks_value_equal(&map->as.list[2 * keys[i].entry], key)) return keys[i].entry;
  return -1;
}

// Kotlin's Map.equals: the same keys, each with an equal value, in any order.
static bool map_equal(const ks_value *a, const ks_value *b) {
  if (a->count != b->count) return false;
  key_slot *keys = sorted_keys(b);
  bool equal = true;
  for (int32_t i = 0; i < a->count && equal; i++) {
    int32_t entry = find_key(b, keys, &a->as.list[2 * i]);
    equal = entry >= 0 && ks_value_equal(&a->as.list[2 * i + 1], &b->as.list[2 * entry + 1]);
  }
  free(keys);
  return equal;
}

// Two entries of `map` with equal keys, as a misuse message names them; false if none.
static bool duplicate_key(const ks_value *map, int32_t *first, int32_t *second) {
  key_slot *keys = sorted_keys(map);
  bool found = false;
  for (int32_t i = 0; i < map->count && !found; i++)
    for (int32_t j = i + 1; j < map->count && keys[j].hash == keys[i].hash && !found; j++)
      if (ks_value_equal(&map->as.list[2 * keys[i].entry], &map->as.list[2 * keys[j].entry])) {
        *first = keys[i].entry;
        *second = keys[j].entry;
        found = true;
      }
  free(keys);
  return found;
}

// What an import may hold: a list nested deeper than this, or more values in all, is refused. A
// caller's list that contains itself (directly or through others) would otherwise recurse without
// end, and a small graph of shared sublists can stand for billions of values.
enum { IMPORT_MAX_DEPTH = 256, IMPORT_MAX_VALUES = 1 << 20 };

// The lists being imported, innermost first: a list met again on this chain is a cycle.
typedef struct import_frame {
  const shared_Value *items;
  const struct import_frame *outer;
} import_frame;

static shared_Status import_container(const shared_Value *in, ks_value *out, const import_frame *outer,
                                      int32_t depth, int64_t *budget);

static shared_Status import_value(const shared_Value *in, ks_value *out, const import_frame *outer, int32_t depth,
                                  int64_t *budget) {
  *out = ks_value_null();
  if (in == NULL) {
    ks_misuse("a shared_Value pointer was NULL; pass a value (kind shared_ValueKind_null for Kotlin null)");
    return shared_Status_nullArgument;
  }
  if (--*budget < 0) {
    ks_misuse("a shared_Value holds more than %d values in all (counting every list element, and a sublist "
              "as often as it is referenced); pass a smaller value",
              IMPORT_MAX_VALUES);
    return shared_Status_invalidArgument;
  }
  switch (in->kind) {
  case shared_ValueKind_null:
  case shared_ValueKind_unit:
    out->kind = in->kind;
    return shared_Status_ok;
  case shared_ValueKind_boolean:
  case shared_ValueKind_int:
  case shared_ValueKind_long:
  case shared_ValueKind_uint:
  case shared_ValueKind_double:
    out->kind = in->kind;
    out->as.l = 0;
    memcpy(&out->as, &in->as, sizeof(in->as));
    return shared_Status_ok;
  case shared_ValueKind_string: {
    if (in->as.string == NULL || in->count < 0) {
      ks_misuse("a string shared_Value had a NULL pointer or a negative count (%d)", in->count);
      return shared_Status_invalidArgument;
    }
    // The count is checked against the bytes, never trusted: strnlen stops at the first NUL, so a
    // count larger than a (NUL-terminated) buffer is found without reading past that buffer. C
    // strings cannot carry U+0000, so a NUL before `count` always means the count is wrong.
    size_t length = strnlen(in->as.string, (size_t)in->count);
    if (length < (size_t)in->count) {
      ks_misuse("a string shared_Value says it has %d bytes but its NUL terminator comes after %zu: pass the "
                "UTF-8 byte count (strlen); a string cannot hold U+0000",
                in->count, length);
      return shared_Status_invalidArgument;
    }
    if (in->as.string[in->count] != '\0') {
      ks_misuse("a string shared_Value of %d bytes is not NUL-terminated there: pass the UTF-8 byte count "
                "(strlen) and a NUL-terminated buffer",
                in->count);
      return shared_Status_invalidArgument;
    }
    *out = ks_value_string(in->as.string, in->count);
    return shared_Status_ok;
  }
  case shared_ValueKind_object: {
    ks_object *object = ks_kref_resolve(in->as.object, &ks_type_any, "an object shared_Value");
    if (object == NULL) return shared_Status_disposedHandle;
    out->kind = shared_ValueKind_object;
    out->as.object = object;
    return shared_Status_ok;
  }
  case shared_ValueKind_list:
  case shared_ValueKind_map: return import_container(in, out, outer, depth, budget);
  default:
    ks_misuse("unknown shared_ValueKind %d; use one of shared_ValueKind_null ... shared_ValueKind_map", in->kind);
    return shared_Status_invalidArgument;
  }
}

// A list's items or a map's keys and values (interleaved), each imported as a value of its own.
static shared_Status import_container(const shared_Value *in, ks_value *out, const import_frame *outer,
                                      int32_t depth, int64_t *budget) {
  bool map = in->kind == shared_ValueKind_map;
  const char *what = map ? "map" : "list";
  if (in->count < 0 || (in->count > 0 && in->as.list == NULL)) {
    ks_misuse("a %s shared_Value had a NULL pointer or a negative count (%d)", what, in->count);
    return shared_Status_invalidArgument;
  }
  for (const import_frame *frame = outer; frame != NULL; frame = frame->outer) {
    if (in->count > 0 && frame->items == in->as.list) {
      ks_misuse("a %s shared_Value contains itself (a cycle); a Kotlin List or Map value is a tree: copy the "
                "inner value instead of pointing back at an outer one",
                what);
      return shared_Status_invalidArgument;
    }
  }
  if (depth >= IMPORT_MAX_DEPTH) {
    ks_misuse("a %s shared_Value is nested more than %d deep; pass a flatter value", what, IMPORT_MAX_DEPTH);
    return shared_Status_invalidArgument;
  }
  int64_t slots = ks_shared_value_slots(in);
  if (slots > *budget) {
    ks_misuse("a %s shared_Value has %d %s, more than the %d values a value may hold in all; pass a smaller value",
              what, in->count, map ? "entries (two values each)" : "elements", IMPORT_MAX_VALUES);
    return shared_Status_invalidArgument;
  }
  import_frame frame = {.items = in->as.list, .outer = outer};
  ks_value container = {.kind = in->kind, .count = in->count};
  container.as.list = ks_calloc((size_t)slots, sizeof(ks_value));
  for (int64_t i = 0; i < slots; i++) {
    shared_Status status = import_value(&in->as.list[i], &container.as.list[i], &frame, depth + 1, budget);
    if (status != shared_Status_ok) { // destroy what was imported: the values before i (all null after)
      container.kind = shared_ValueKind_list;
      container.count = (int32_t)i;
      ks_value_destroy(&container);
      return status;
    }
  }
  int32_t first, second;
  if (map && duplicate_key(&container, &first, &second)) {
    ks_misuse("a map shared_Value has equal keys at entries %d and %d; a Kotlin Map holds each key once "
              "(keys are compared with Kotlin's ==, where every NaN is equal and 0.0 differs from -0.0)",
              first, second);
    ks_value_destroy(&container);
    return shared_Status_invalidArgument;
  }
  *out = container;
  return shared_Status_ok;
}

shared_Status ks_value_import(const shared_Value *in, ks_value *out) {
  int64_t budget = IMPORT_MAX_VALUES;
  return import_value(in, out, NULL, 0, &budget);
}

void ks_value_export(const ks_value *v, shared_Value *out, bool owned) {
  memset(out, 0, sizeof(*out));
  out->kind = v->kind;
  switch (v->kind) {
  case shared_ValueKind_string:
    out->count = v->count;
    if (owned) {
      char *copy = ks_malloc((size_t)v->count + 1);
      memcpy(copy, v->as.string, (size_t)v->count + 1);
      ks_owned_add(copy); // freed by shared_Value_dispose, which checks it was handed out
      out->as.string = copy;
    } else {
      out->as.string = v->as.string;
    }
    break;
  case shared_ValueKind_object: out->as.object = ks_kref_for(v->as.object); break;
  case shared_ValueKind_list:
  case shared_ValueKind_map: {
    out->count = v->count;
    int32_t slots = ks_value_slots(v);
    shared_Value *items = ks_calloc((size_t)slots, sizeof(shared_Value));
    if (owned) ks_owned_add(items);
    for (int32_t i = 0; i < slots; i++) ks_value_export(&v->as.list[i], &items[i], owned);
    out->as.list = items;
    break;
  }
  default: memcpy(&out->as, &v->as, sizeof(out->as)); break;
  }
}

void ks_value_free_export(shared_Value *v) {
  if (v->kind == shared_ValueKind_list || v->kind == shared_ValueKind_map) {
    shared_Value *items = (shared_Value *)v->as.list;
    for (int64_t i = 0; i < ks_shared_value_slots(v); i++) ks_value_free_export(&items[i]);
    free(items);
  }
  v->kind = shared_ValueKind_null;
}

void shared_Value_dispose(shared_Value *value) {
  if (value == NULL) return;
  switch (value->kind) {
  case shared_ValueKind_string:
    if (value->as.string == NULL) break;
    if (!ks_owned_take(value->as.string)) {
      ks_misuse("shared_Value_dispose: this string value was not handed out as owned, or was already disposed "
                "(a borrowed value from a callback, a copy disposed twice, or your own value); nothing freed");
      return;
    }
    free((char *)value->as.string);
    break;
  case shared_ValueKind_object:
    if (value->as.object != NULL) shared_symbols()->DisposeStablePointer(value->as.object);
    break;
  case shared_ValueKind_list:
  case shared_ValueKind_map: {
    shared_Value *items = (shared_Value *)value->as.list;
    if (items == NULL) break;
    bool map = value->kind == shared_ValueKind_map;
    if (!ks_owned_take(items)) {
      ks_misuse("shared_Value_dispose: this %s value was not handed out as owned, or was already disposed "
                "(a borrowed value from a callback, a copy disposed twice, or your own value); nothing freed",
                map ? "map" : "list");
      return;
    }
    for (int64_t i = 0; i < ks_shared_value_slots(value); i++) shared_Value_dispose(&items[i]);
    free(items);
    break;
  }
  default: break;
  }
  memset(value, 0, sizeof(*value));
}

// --- throwables -------------------------------------------------------------------------------

typedef struct {
  ks_object header;
  char *message;           // NULL for a null message
  shared_KType *own_type;  // a class made for this throwable by ks_throwable_new_named, or NULL
} ks_throwable;

static void throwable_destroy(ks_object *object) {
  ks_throwable *throwable = (ks_throwable *)object;
  free(throwable->message);
  if (throwable->own_type != NULL) {
    free((char *)throwable->own_type->name);
    free(throwable->own_type);
  }
  free(throwable);
}

static const shared_KType ks_type_error = {"kotlin.Error", &ks_type_throwable};
static const shared_KType ks_type_unsupported = {"kotlin.UnsupportedOperationException", &ks_type_runtime_exception};
static const shared_KType ks_type_no_such_element = {"kotlin.NoSuchElementException", &ks_type_runtime_exception};
static const shared_KType ks_type_index_out_of_bounds = {"kotlin.IndexOutOfBoundsException",
                                                         &ks_type_runtime_exception};
static const shared_KType ks_type_arithmetic = {"kotlin.ArithmeticException", &ks_type_runtime_exception};
static const shared_KType ks_type_null_pointer = {"kotlin.NullPointerException", &ks_type_runtime_exception};
static const shared_KType ks_type_class_cast = {"kotlin.ClassCastException", &ks_type_runtime_exception};
static const shared_KType ks_type_timeout_cancellation = {"kotlinx.coroutines.TimeoutCancellationException",
                                                          &ks_type_cancellation};

ks_object *ks_throwable_new_named(const char *class_name, const char *message) {
  static const shared_KType *const known[] = {
    &ks_type_throwable,     &ks_type_exception,        &ks_type_runtime_exception,  &ks_type_illegal_state,
    &ks_type_illegal_argument, &ks_type_cancellation,  &ks_type_error,              &ks_type_unsupported,
    &ks_type_no_such_element, &ks_type_index_out_of_bounds, &ks_type_arithmetic,    &ks_type_null_pointer,
    &ks_type_class_cast,    &ks_type_timeout_cancellation,
  };
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
    if (strcmp(known[i]->name, class_name) == 0) return ks_throwable_new(known[i], message);
  shared_KType *type = ks_calloc(1, sizeof(shared_KType));
  type->name = ks_strdup(class_name);
  type->super = &ks_type_exception;
  ks_throwable *throwable = (ks_throwable *)ks_throwable_new(type, message);
  throwable->own_type = type;
  return &throwable->header;
}

ks_object *ks_throwable_new(const shared_KType *type, const char *message) {
  ks_throwable *throwable = ks_calloc(1, sizeof(ks_throwable));
  ks_object_init(&throwable->header, type, throwable_destroy);
  throwable->message = message == NULL ? NULL : ks_strdup(message);
  return &throwable->header;
}

const char *ks_throwable_message(ks_object *object) { return ((ks_throwable *)object)->message; }
