// Stable references and runtime handles as checked tokens.
//
// A token is ((generation << 32) | (slot index + 1)) disguised as a pointer. It is never
// dereferenced: every use looks the slot up under the table lock and checks the generation, so a
// double dispose, a use after dispose or a made-up token is detected and refused, never undefined
// behaviour. Slots live in fixed pages that never move.
#include "runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAGE_BITS 12
#define PAGE_SIZE (1u << PAGE_BITS)
#define MAX_PAGES 4096u

typedef struct {
  uint32_t generation; // bumped when the slot is freed
  uint8_t kind;        // ks_handle_kind, 0 when free
  bool permanent;
  ks_object *target; // retained by the slot
  ks_scope *scope;   // REF: the scope charged for it (retained)
  uint32_t next_free;
} slot;

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static slot *pages[MAX_PAGES];
static uint32_t slot_count; // slots ever allocated
static uint32_t free_head;  // index + 1 of the first free slot, 0 if none

static slot *slot_at(uint32_t index) { return &pages[index >> PAGE_BITS][index & (PAGE_SIZE - 1)]; }

static const char *kind_name(int kind) {
  switch (kind) {
  case KS_HANDLE_REF: return "a stable reference (kref)";
  case KS_HANDLE_COLLECTION: return "a collection handle";
  case KS_HANDLE_CALL: return "a call handle";
  case KS_HANDLE_SCOPE: return "a scope handle";
  case KS_HANDLE_DRIVER: return "a body driver";
  case KS_HANDLE_INVOCATION: return "a Swift closure invocation";
  default: return "a freed slot";
  }
}

static shared_KNativePtr new_handle(ks_handle_kind kind, ks_object *target, ks_scope *scope, bool permanent) {
  pthread_mutex_lock(&table_lock);
  uint32_t index;
  if (free_head != 0) {
    index = free_head - 1;
    free_head = slot_at(index)->next_free;
  } else {
    index = slot_count;
    if ((index >> PAGE_BITS) >= MAX_PAGES) {
      pthread_mutex_unlock(&table_lock);
      ks_misuse("more than %u live handles: release collections, calls and krefs you no longer use",
                MAX_PAGES * PAGE_SIZE);
      return NULL;
    }
    if (pages[index >> PAGE_BITS] == NULL) pages[index >> PAGE_BITS] = ks_calloc(PAGE_SIZE, sizeof(slot));
    slot_count++;
    slot_at(index)->generation = 1;
  }
  slot *s = slot_at(index);
  s->kind = (uint8_t)kind;
  s->permanent = permanent;
  s->target = target;
  s->scope = scope;
  uint64_t token = ((uint64_t)s->generation << 32) | (uint64_t)(index + 1);
  pthread_mutex_unlock(&table_lock);
  return (shared_KNativePtr)(uintptr_t)token;
}

shared_KNativePtr ks_handle_new(ks_handle_kind kind, ks_object *target, ks_scope *scope) {
  ks_retain(target);
  if (kind == KS_HANDLE_REF) {
    ks_retain((ks_object *)scope);
    ks_count(scope, KS_COUNT_REFS, 1);
  }
  shared_KNativePtr token = new_handle(kind, target, kind == KS_HANDLE_REF ? scope : NULL, false);
  if (token == NULL) {
    if (kind == KS_HANDLE_REF) {
      ks_count(scope, KS_COUNT_REFS, -1);
      ks_release((ks_object *)scope);
    }
    ks_release(target);
  }
  return token;
}

shared_KNativePtr ks_handle_new_permanent(ks_object *target) { return new_handle(KS_HANDLE_REF, target, NULL, true); }

// Looks the token up; table lock held. On failure, writes a message into `problem`.
static shared_Status lookup(shared_KNativePtr token, ks_handle_kind kind, slot **out, const char **problem) {
  uint64_t raw = (uint64_t)(uintptr_t)token;
  uint32_t index_plus_one = (uint32_t)(raw & 0xffffffffu);
  uint32_t generation = (uint32_t)(raw >> 32);
  *out = NULL;
  if (token == NULL) {
    *problem = "is NULL";
    return shared_Status_nullArgument;
  }
  if (index_plus_one == 0 || index_plus_one > slot_count || generation == 0) {
    *problem = "was never issued by this runtime (unknown token)";
    return shared_Status_unknownHandle;
  }
  slot *s = slot_at(index_plus_one - 1);
  if (generation > s->generation) {
    *problem = "was never issued by this runtime (unknown token)";
    return shared_Status_unknownHandle;
  }
  if (generation < s->generation || s->kind == 0) {
    *problem = "was already disposed or released (use after dispose)";
    return shared_Status_disposedHandle;
  }
  if (s->kind != kind) {
    *problem = kind_name(s->kind);
    return shared_Status_wrongKind;
  }
  *out = s;
  return shared_Status_ok;
}

static void report(shared_Status status, shared_KNativePtr token, ks_handle_kind kind, const char *what,
                   const char *problem) {
  if (status == shared_Status_wrongKind)
    ks_misuse("%s: token %p is %s, expected %s", what, token, problem, kind_name(kind));
  else
    ks_misuse("%s: token %p %s", what, token, problem);
}

shared_Status ks_handle_get(shared_KNativePtr token, ks_handle_kind kind, const char *what, ks_object **out) {
  slot *s;
  const char *problem = NULL;
  pthread_mutex_lock(&table_lock);
  shared_Status status = lookup(token, kind, &s, &problem);
  *out = status == shared_Status_ok ? ks_retain(s->target) : NULL;
  pthread_mutex_unlock(&table_lock);
  if (status != shared_Status_ok) report(status, token, kind, what, problem);
  return status;
}

shared_Status ks_handle_free(shared_KNativePtr token, ks_handle_kind kind, const char *what, ks_object **out) {
  slot *s;
  const char *problem = NULL;
  ks_scope *charged = NULL;
  *out = NULL;
  pthread_mutex_lock(&table_lock);
  shared_Status status = lookup(token, kind, &s, &problem);
  if (status == shared_Status_ok && s->permanent) {
    pthread_mutex_unlock(&table_lock);
    return shared_Status_ok; // disposing a Kotlin `object` kref is allowed and does nothing
  }
  if (status == shared_Status_ok) {
    *out = s->target;
    charged = s->scope;
    s->target = NULL;
    s->scope = NULL;
    s->kind = 0;
    s->generation++;
    if (s->generation == 0) s->generation = 1;
    uint32_t index = (uint32_t)(((uint64_t)(uintptr_t)token) & 0xffffffffu) - 1;
    s->next_free = free_head;
    free_head = index + 1;
  }
  pthread_mutex_unlock(&table_lock);
  if (status != shared_Status_ok) {
    report(status, token, kind, what, problem);
    return status;
  }
  if (charged != NULL) {
    ks_count(charged, KS_COUNT_REFS, -1);
    ks_release((ks_object *)charged);
  }
  return shared_Status_ok;
}

shared_KNativePtr ks_kref_for(ks_object *object) {
  if (object == NULL) return NULL;
  if (object->permanent) return object->permanent_token;
  return ks_handle_new(KS_HANDLE_REF, object, ks_scope_current());
}

ks_object *ks_kref_resolve_status(shared_KNativePtr token, const shared_KType *type, const char *what,
                                  shared_Status *status) {
  ks_object *object = NULL;
  *status = ks_handle_get(token, KS_HANDLE_REF, what, &object);
  if (*status != shared_Status_ok) return NULL;
  if (type != NULL && !ks_is_instance(object, type)) {
    ks_misuse("%s: kref %p is a %s, expected a %s", what, token, object->type->name, type->name);
    ks_release(object);
    *status = shared_Status_wrongKind;
    return NULL;
  }
  return object;
}

ks_object *ks_kref_resolve(shared_KNativePtr token, const shared_KType *type, const char *what) {
  shared_Status ignored;
  return ks_kref_resolve_status(token, type, what, &ignored);
}

// --- what a scope's live stable refs are, for a leak report -------------------------------------

enum { SUMMARY_CLASSES = 8 };

typedef struct {
  const char *name; // the class name (a double's objects each have a type of their own, one name)
  int64_t count;
} class_count;

static int compare_class_counts(const void *x, const void *y) {
  const class_count *a = x, *b = y;
  if (a->count != b->count) return a->count > b->count ? -1 : 1;
  return strcmp(a->name, b->name);
}

// "2 × kotlinx.coroutines.flow.MutableStateFlow, 1 × com.example.InboxViewModel": the classes of the
// live (non-permanent) krefs charged to `scope`, grouped by name, most numerous first (ties by name),
// the first SUMMARY_CLASSES of them, then "and N more classes (M refs)". Written into `out` (always
// NUL-terminated). Everything is read and formatted under the table lock while the slots retain their
// objects, so a name owned by its object cannot go away meanwhile.
void ks_handles_describe_refs(ks_scope *scope, char *out, size_t size) {
  class_count *classes = NULL;
  size_t used = 0, capacity = 0, length = 0;
  out[0] = '\0';
  pthread_mutex_lock(&table_lock);
  for (uint32_t index = 0; index < slot_count; index++) {
    const slot *s = slot_at(index);
    if (s->kind != KS_HANDLE_REF || s->permanent || s->scope != scope || s->target == NULL) continue;
    const char *name = s->target->type->name;
    size_t found = 0;
    while (found < used && strcmp(classes[found].name, name) != 0) found++;
    if (found == used) {
      if (used == capacity) {
        capacity = capacity == 0 ? 16 : 2 * capacity;
        classes = ks_realloc(classes, capacity * sizeof(class_count));
      }
      classes[used++] = (class_count){name, 0};
    }
    classes[found].count++;
  }
  qsort(classes, used, sizeof(class_count), compare_class_counts);
  int64_t other_refs = 0;
  for (size_t i = SUMMARY_CLASSES; i < used; i++) other_refs += classes[i].count;
  for (size_t i = 0; i < used && i < SUMMARY_CLASSES && length < size; i++) {
    int written = snprintf(out + length, size - length, "%s%lld × %s", i == 0 ? "" : ", ",
                           (long long)classes[i].count, classes[i].name);
    if (written < 0) break;
    length += (size_t)written;
  }
  if (used > SUMMARY_CLASSES && length < size)
    snprintf(out + length, size - length, ", and %zu more classes (%lld refs)", used - SUMMARY_CLASSES,
             (long long)other_refs);
  pthread_mutex_unlock(&table_lock);
  free(classes);
}
