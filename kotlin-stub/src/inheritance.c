// Package `inheritance`: open Kotlin classes whose members Swift subclasses override
// (CInterop/include/shared_inheritance.h).
//
// A virtual call on an instance made for a Swift subclass goes to Swift. A suspend one is a reverse
// call: the calling coroutine's step starts the override (startSuspend) and suspends; Swift's
// shared_OverrideCall_finish records the outcome and wakes the job, whose next step ends the run and
// carries on with the outcome. Only the job's own steps call startSuspend, cancel and end, so they
// never race with each other; finish only writes under the record's lock and wakes the job.
//
// Locks: a reverse record's lock is a leaf; the job lock is taken after it is released.
#include "runtime.h"
#include "shared_inheritance.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const shared_KType async_base_type = {"inheritance.AsyncBase", &ks_type_any};
static const shared_KType async_speaker_base_type = {"inheritance.AsyncSpeakerBase", &ks_type_any};
static const shared_KType async_thrower_type = {"inheritance.AsyncThrower", &ks_type_any};
static const shared_KType async_payloads_type = {"inheritance.AsyncPayloads", &ks_type_any};
static const shared_KType async_payload_type = {"inheritance.AsyncPayload", &ks_type_any};
static const shared_KType async_exception_type = {"inheritance.AsyncException", &ks_type_runtime_exception};
static const shared_KType reverse_call_type = {"kotlin.native.internal.SwiftReverseCall", &ks_type_any};

// --- instances --------------------------------------------------------------------------------

typedef struct {
  ks_object header;
  bool has_swift;
  shared_SwiftSubclass swift; // the Swift subclass's callbacks, for virtual calls
  char *label;                // AsyncPayload.label
} instance;

static void instance_destroy(ks_object *object) {
  instance *it = (instance *)object;
  if (it->has_swift && it->swift.release != NULL) it->swift.release(it->swift.context);
  free(it->label);
  free(it);
}

static instance *instance_new(const shared_KType *type) {
  instance *it = ks_calloc(1, sizeof(instance));
  ks_object_init(&it->header, type, instance_destroy);
  return it;
}

static const shared_KType *open_class_named(const char *name) {
  static const shared_KType *const classes[] = {&async_base_type, &async_speaker_base_type, &async_thrower_type,
                                                &async_payloads_type};
  for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++)
    if (strcmp(classes[i]->name + strlen("inheritance."), name) == 0) return classes[i];
  return NULL;
}

shared_KNativePtr shared_inheritance_new(const char *class_name, const shared_SwiftSubclass *subclass,
                                         shared_Status *status) {
  shared_Status ignored;
  if (status == NULL) status = &ignored;
  const shared_KType *type = class_name != NULL ? open_class_named(class_name) : NULL;
  bool complete = subclass == NULL || (subclass->startSuspend != NULL && subclass->cancel != NULL &&
                                       subclass->end != NULL && subclass->invoke != NULL);
  if (type == NULL || !complete) {
    ks_misuse("shared_inheritance_new(%s): %s", class_name != NULL ? class_name : "NULL",
              type == NULL ? "no open class of package inheritance has this name"
                           : "startSuspend, cancel, end and invoke are required");
    *status = type == NULL ? shared_Status_invalidArgument : shared_Status_nullArgument;
    if (subclass != NULL && subclass->release != NULL) subclass->release(subclass->context);
    return NULL;
  }
  instance *it = instance_new(type);
  if (subclass != NULL) {
    it->has_swift = true;
    it->swift = *subclass;
  }
  shared_KNativePtr ref = ks_kref_for(&it->header);
  ks_release(&it->header);
  *status = ref != NULL ? shared_Status_ok : shared_Status_invalidArgument;
  return ref;
}

shared_KNativePtr shared_inheritance_AsyncPayload_new(const char *label, shared_Status *status) {
  shared_Status ignored;
  if (status == NULL) status = &ignored;
  if (label == NULL) {
    ks_misuse("shared_inheritance_AsyncPayload_new: label is NULL");
    *status = shared_Status_nullArgument;
    return NULL;
  }
  instance *it = instance_new(&async_payload_type);
  it->label = ks_strdup(label);
  shared_KNativePtr ref = ks_kref_for(&it->header);
  ks_release(&it->header);
  *status = ref != NULL ? shared_Status_ok : shared_Status_invalidArgument;
  return ref;
}

const char *shared_inheritance_AsyncPayload_label(shared_KNativePtr payload) {
  ks_object *object = ks_kref_resolve(payload, &async_payload_type, "AsyncPayload.label");
  if (object == NULL) return NULL;
  char *label = ks_owned_strdup(((instance *)object)->label);
  ks_release(object);
  return label;
}

// --- reverse calls ------------------------------------------------------------------------------

typedef struct {
  ks_object header;
  pthread_mutex_t lock;
  ks_job *job;   // the waiting coroutine (retained)
  bool finished; // guarded by lock, with the outcome below
  int32_t kind;
  ks_value value;
  ks_object *throwable;
} reverse_record;

static void reverse_destroy(ks_object *object) {
  reverse_record *r = (reverse_record *)object;
  ks_value_destroy(&r->value);
  ks_release(r->throwable);
  ks_release(&r->job->header);
  pthread_mutex_destroy(&r->lock);
  free(r);
}

// Wakes `job` from the wait its step set up: a signal, or a delay (withTimeoutOrNull's timer, which
// the override's end beats).
static void wake(ks_job *job) {
  pthread_mutex_lock(&job->lock);
  if (job->state != KS_JOB_DONE && (job->wait == KS_WAIT_SIGNAL || job->wait == KS_WAIT_DELAY)) {
    if (job->wait == KS_WAIT_DELAY) ks_timer_disarm(job->scope, &job->timer);
    job->signalled = true;
    ks_job_poke_locked(job);
  }
  pthread_mutex_unlock(&job->lock);
}

shared_Status shared_OverrideCall_finish(shared_OverrideCall call, const shared_Outcome *outcome) {
  if (outcome == NULL) {
    ks_misuse("shared_OverrideCall_finish: outcome is NULL");
    return shared_Status_nullArgument;
  }
  ks_object *object = NULL;
  shared_Status status = shared_Status_ok;
  object = ks_kref_resolve_status(call.pinned, &reverse_call_type, "shared_OverrideCall_finish", &status);
  if (object == NULL) return status;
  reverse_record *r = (reverse_record *)object;
  ks_value value = ks_value_null();
  ks_object *throwable = NULL;
  int32_t kind = outcome->kind;
  if (kind == shared_TerminalKind_completed) {
    status = ks_value_import(&outcome->value, &value);
    if (status != shared_Status_ok) kind = shared_TerminalKind_failed;
  } else if (kind == shared_TerminalKind_failed) {
    // The runtime owns the throwable's kref from here on: take the object, dispose the kref.
    throwable = ks_kref_resolve(outcome->throwable.pinned, &ks_type_throwable, "shared_OverrideCall_finish (throwable)");
    ks_object *kref_target = NULL;
    if (throwable != NULL && ks_handle_free(outcome->throwable.pinned, KS_HANDLE_REF, "shared_OverrideCall_finish",
                                            &kref_target) == shared_Status_ok)
      ks_release(kref_target);
  }
  if (kind == shared_TerminalKind_failed && throwable == NULL)
    throwable = ks_throwable_new(&ks_type_illegal_state, "the Swift override failed without a Kotlin throwable");
  ks_object *freed = NULL;
  (void)ks_handle_free(call.pinned, KS_HANDLE_REF, "shared_OverrideCall_finish", &freed);
  ks_release(freed);
  pthread_mutex_lock(&r->lock);
  r->finished = true;
  r->kind = kind;
  r->value = value;
  r->throwable = throwable;
  ks_job *job = (ks_job *)ks_retain(&r->job->header);
  pthread_mutex_unlock(&r->lock);
  wake(job);
  ks_release(&job->header);
  ks_release(object);
  return shared_Status_ok;
}

shared_Status shared_OverrideResult_set(shared_OverrideResult result, const shared_Value *value) {
  if (result.slot == NULL || value == NULL) {
    ks_misuse("shared_OverrideResult_set: result and value must not be NULL");
    return shared_Status_nullArgument;
  }
  ks_value *slot = result.slot;
  ks_value_destroy(slot);
  return ks_value_import(value, slot);
}

// A virtual suspend call under way in Swift, as seen from the calling coroutine's state.
typedef struct {
  reverse_record *record; // NULL when none is under way
  void *run;
  const shared_SwiftSubclass *swift;
  bool cancel_sent;
} reverse_point;

// From a step of `job`: starts `member` on the Swift side. The caller has already set up its wait
// (signal, or delay for a timeout) and returns KS_STEP_SUSPEND.
static void reverse_start(reverse_point *point, instance *target, ks_job *job, const char *member,
                          const ks_value *args, int32_t count) {
  reverse_record *r = ks_calloc(1, sizeof(reverse_record));
  ks_object_init(&r->header, &reverse_call_type, reverse_destroy);
  ks_mutex_init(&r->lock);
  r->job = (ks_job *)ks_retain(&job->header);
  r->value = ks_value_null();
  shared_OverrideCall token = {ks_handle_new(KS_HANDLE_REF, &r->header, job->scope)};
  point->record = r;
  point->swift = &target->swift;
  point->cancel_sent = false;
  shared_Value exported[2];
  for (int32_t i = 0; i < count; i++) ks_value_export(&args[i], &exported[i], false);
  point->run = target->swift.startSuspend(target->swift.context, member, exported, count, token);
  for (int32_t i = 0; i < count; i++) ks_value_free_export(&exported[i]);
}

typedef enum { REVERSE_WAITING, REVERSE_DONE } reverse_state;

// From the step after a reverse_start: forwards a cancellation to Swift once, and, once the
// override has finished, ends the run and hands over its outcome (*step: COMPLETE with *result, FAIL
// with *throwable, or CANCELLED — always CANCELLED when the coroutine was cancelled).
static reverse_state reverse_resume(reverse_point *point, ks_job *job, bool cancelled, ks_step *step,
                                    ks_object **throwable, ks_value *result) {
  if (cancelled && !point->cancel_sent) {
    point->cancel_sent = true;
    point->swift->cancel(point->run);
  }
  reverse_record *r = point->record;
  ks_job_await_signal(job); // before looking, so that a finish in between is not missed
  pthread_mutex_lock(&r->lock);
  bool finished = r->finished;
  int32_t kind = r->kind;
  ks_value value = r->value;
  ks_object *error = r->throwable;
  if (finished) {
    r->value = ks_value_null();
    r->throwable = NULL;
  }
  pthread_mutex_unlock(&r->lock);
  if (!finished) return REVERSE_WAITING;
  point->swift->end(point->run);
  point->record = NULL;
  ks_release(&r->header);
  if (point->cancel_sent || kind == shared_TerminalKind_cancelled) {
    ks_value_destroy(&value);
    ks_release(error);
    *step = KS_STEP_CANCELLED;
  } else if (kind == shared_TerminalKind_failed) {
    *throwable = error;
    *step = KS_STEP_FAIL;
  } else {
    *result = value;
    *step = KS_STEP_COMPLETE;
  }
  return REVERSE_DONE;
}

// Whether the coroutine's wait was a timeout that ran out (the override has not finished).
static bool reverse_finished(reverse_point *point) {
  pthread_mutex_lock(&point->record->lock);
  bool finished = point->record->finished;
  pthread_mutex_unlock(&point->record->lock);
  return finished;
}

// --- members -----------------------------------------------------------------------------------

typedef enum {
  GREET,
  COUNT,
  NOT_OPEN,
  SPEAK,
  TAG,
  DESCRIBE,
  BOOM,
  NOTHING_TO_RETURN,
  NUMBER,
  PAYLOAD
} member;

static const char *const member_names[] = {"greet", "count", "notOpen", "speak", "tag", "describe", "boom",
                                           "nothingToReturn", "number", "payload"};

typedef struct {
  instance *target; // retained
  member m;
  bool is_virtual;
  ks_value arg;          // greet's name
  int64_t timeout;       // > 0: withTimeoutOrNull(timeout)
  int label;             // 0: not started; 1: awaiting the override; 2: describe awaiting tag()
  reverse_point reverse;
} member_call;

static void member_call_destroy(void *raw) {
  member_call *c = raw;
  ks_value_destroy(&c->arg);
  ks_release(&c->target->header);
  free(c);
}

static ks_value string_value(const char *text) { return ks_value_string(text, (int32_t)strlen(text)); }

static ks_value concat(const char *prefix, const ks_value *middle, const char *suffix) {
  const char *text = middle->kind == shared_ValueKind_string ? middle->as.string : "";
  size_t length = strlen(prefix) + strlen(text) + strlen(suffix) + 1;
  char *joined = ks_malloc(length);
  snprintf(joined, length, "%s%s%s", prefix, text, suffix);
  ks_value value = string_value(joined);
  free(joined);
  return value;
}

// The Kotlin bodies (none suspends, except describe's virtual call of tag()).
static ks_step kotlin_body(member_call *c, ks_job *job, ks_object **throwable, ks_value *result) {
  switch (c->m) {
  case GREET: *result = concat("Kotlin: ", &c->arg, ""); return KS_STEP_COMPLETE;
  case COUNT: *result = ks_value_int(42); return KS_STEP_COMPLETE;
  case NOT_OPEN: *result = string_value("kotlin-final"); return KS_STEP_COMPLETE;
  case SPEAK: *result = string_value("Kotlin speaks"); return KS_STEP_COMPLETE;
  case BOOM: *throwable = ks_throwable_new(&async_exception_type, "kotlin-boom"); return KS_STEP_FAIL;
  case NOTHING_TO_RETURN: *result = ks_value_unit(); return KS_STEP_COMPLETE;
  case NUMBER: *result = ks_value_int(1); return KS_STEP_COMPLETE;
  case PAYLOAD: {
    instance *payload = instance_new(&async_payload_type);
    payload->label = ks_strdup("kotlin");
    *result = ks_value_object(&payload->header);
    ks_release(&payload->header);
    return KS_STEP_COMPLETE;
  }
  case TAG:
  case DESCRIBE:
    if (!c->target->has_swift) break;
    // describe()'s default: "default-describe(" + tag() + ")", tag() being abstract: a virtual call.
    c->label = c->m == DESCRIBE ? 2 : 1;
    ks_job_await_signal(job);
    reverse_start(&c->reverse, c->target, job, "tag", NULL, 0);
    return KS_STEP_SUSPEND;
  }
  *throwable = ks_throwable_new(&ks_type_illegal_state, "abstract member called on an instance without an override");
  return KS_STEP_FAIL;
}

static ks_step member_call_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  member_call *c = raw;
  ks_job *job = ks_call_job(call);
  if (c->label == 0) {
    if (!c->is_virtual || !c->target->has_swift) return kotlin_body(c, job, throwable, result);
    c->label = 1;
    if (c->timeout > 0) ks_job_delay(job, c->timeout); // withTimeoutOrNull: the timer or the override's end
    else ks_job_await_signal(job);
    int32_t count = c->m == GREET ? 1 : 0;
    reverse_start(&c->reverse, c->target, job, member_names[c->m], &c->arg, count);
    return KS_STEP_SUSPEND;
  }
  bool timed_out = c->timeout > 0 && !cancelled && !c->reverse.cancel_sent && !reverse_finished(&c->reverse);
  ks_step step = KS_STEP_COMPLETE;
  ks_value value = ks_value_null();
  if (reverse_resume(&c->reverse, job, cancelled || timed_out, &step, throwable, &value) == REVERSE_WAITING)
    return KS_STEP_SUSPEND;
  if (c->timeout > 0 && !ks_job_is_cancelled(job) && step == KS_STEP_CANCELLED) {
    *result = string_value("timed_out"); // withTimeoutOrNull's null, then `?: "timed_out"`
    return KS_STEP_COMPLETE;
  }
  if (step != KS_STEP_COMPLETE) return step;
  if (c->label == 2) {
    *result = concat("default-describe(", &value, ")");
    ks_value_destroy(&value);
  } else {
    *result = value;
  }
  return KS_STEP_COMPLETE;
}

static const ks_call_body member_call_body = {.step = member_call_step, .destroy_state = member_call_destroy};

static shared_Call start_member_call(const char *what, shared_KNativePtr object, const shared_KType *type, member m,
                                     bool is_virtual, const char *name, int64_t timeout,
                                     shared_Continuation continuation, shared_Status *status) {
  shared_Status ignored;
  if (status == NULL) status = &ignored;
  ks_object *target = ks_kref_resolve_status(object, type, what, status);
  if (target == NULL) return (shared_Call){NULL};
  if (m == GREET && name == NULL) {
    ks_misuse("%s: name is NULL", what);
    ks_release(target);
    *status = shared_Status_nullArgument;
    return (shared_Call){NULL};
  }
  member_call *c = ks_calloc(1, sizeof(member_call));
  c->target = (instance *)target;
  c->m = m;
  c->is_virtual = is_virtual;
  c->arg = name != NULL ? string_value(name) : ks_value_null();
  c->timeout = timeout;
  return ks_call_start(&member_call_body, c, continuation, status);
}

// --- synchronous members -------------------------------------------------------------------------

static const char *sync_tag(shared_KNativePtr object, bool is_virtual, const char *what) {
  ks_object *target = ks_kref_resolve(object, &async_base_type, what);
  if (target == NULL) return NULL;
  instance *it = (instance *)target;
  char *text = NULL;
  if (is_virtual && it->has_swift) {
    ks_value slot = ks_value_null();
    it->swift.invoke(it->swift.context, "syncTag", NULL, 0, (shared_OverrideResult){&slot});
    text = ks_owned_strdup(slot.kind == shared_ValueKind_string ? slot.as.string : "");
    ks_value_destroy(&slot);
  } else {
    text = ks_owned_strdup("kotlin-sync");
  }
  ks_release(target);
  return text;
}

// --- the contract ---------------------------------------------------------------------------------

#define DIRECT(fn, type, m)                                                                                    \
  shared_Call fn(shared_KNativePtr object, shared_Continuation continuation, shared_Status *status) {          \
    return start_member_call(#fn, object, type, m, false, NULL, 0, continuation, status);                     \
  }
#define VIRTUAL(fn, type, m)                                                                                   \
  shared_Call fn(shared_KNativePtr object, shared_Continuation continuation, shared_Status *status) {          \
    return start_member_call(#fn, object, type, m, true, NULL, 0, continuation, status);                      \
  }

shared_Call shared_inheritance_AsyncBase_greet_direct(shared_KNativePtr object, const char *name,
                                                      shared_Continuation continuation, shared_Status *status) {
  return start_member_call("AsyncBase.greet", object, &async_base_type, GREET, false, name, 0, continuation, status);
}
DIRECT(shared_inheritance_AsyncBase_count_direct, &async_base_type, COUNT)
DIRECT(shared_inheritance_AsyncBase_notOpen, &async_base_type, NOT_OPEN)
DIRECT(shared_inheritance_AsyncSpeakerBase_speak_direct, &async_speaker_base_type, SPEAK)
DIRECT(shared_inheritance_AsyncDefaulter_describe_direct, NULL, DESCRIBE)
DIRECT(shared_inheritance_AsyncThrower_boom_direct, &async_thrower_type, BOOM)
DIRECT(shared_inheritance_AsyncPayloads_nothingToReturn_direct, &async_payloads_type, NOTHING_TO_RETURN)
DIRECT(shared_inheritance_AsyncPayloads_number_direct, &async_payloads_type, NUMBER)
DIRECT(shared_inheritance_AsyncPayloads_payload_direct, &async_payloads_type, PAYLOAD)

const char *shared_inheritance_AsyncBase_syncTag_direct(shared_KNativePtr object) {
  return sync_tag(object, false, "AsyncBase.syncTag");
}

shared_Call shared_inheritance_callGreet(shared_KNativePtr base, const char *name, shared_Continuation continuation,
                                         shared_Status *status) {
  return start_member_call("callGreet", base, &async_base_type, GREET, true, name, 0, continuation, status);
}
VIRTUAL(shared_inheritance_callCount, &async_base_type, COUNT)
// notOpen is final: even a "virtual" call runs the Kotlin body.
DIRECT(shared_inheritance_callNotOpen, &async_base_type, NOT_OPEN)

shared_Call shared_inheritance_callGreetWithTimeout(shared_KNativePtr base, const char *name, shared_KLong timeoutMs,
                                                    shared_Continuation continuation, shared_Status *status) {
  // withTimeoutOrNull with a time that is not positive returns null at once.
  if (timeoutMs <= 0) timeoutMs = 1;
  return start_member_call("callGreetWithTimeout", base, &async_base_type, GREET, true, name, timeoutMs, continuation,
                           status);
}

const char *shared_inheritance_callSyncTag(shared_KNativePtr base) { return sync_tag(base, true, "callSyncTag"); }

VIRTUAL(shared_inheritance_callSpeak, &async_speaker_base_type, SPEAK)
VIRTUAL(shared_inheritance_callAsyncDescribe, NULL, DESCRIBE)
VIRTUAL(shared_inheritance_callAsyncTag, NULL, TAG)
VIRTUAL(shared_inheritance_callBoom, &async_thrower_type, BOOM)
VIRTUAL(shared_inheritance_callNothingToReturn, &async_payloads_type, NOTHING_TO_RETURN)
VIRTUAL(shared_inheritance_callNumber, &async_payloads_type, NUMBER)
VIRTUAL(shared_inheritance_callPayload, &async_payloads_type, PAYLOAD)
