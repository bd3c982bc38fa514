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
static const shared_KType async_anchor_type = {"inheritance.AsyncAnchor", &ks_type_any};
static const shared_KType async_guarded_type = {"inheritance.AsyncGuarded", &ks_type_any};
static const shared_KType async_worker_type = {"inheritance.AsyncWorker", &ks_type_any};
static const shared_KType async_multi_base_type = {"inheritance.AsyncMultiBase", &ks_type_any};
static const shared_KType constructed_base_type = {"inheritance.ConstructedAsyncBase", &ks_type_any};
static const shared_KType constructed_storage_type = {"inheritance.ConstructedAsyncStorage", &ks_type_any};
static const shared_KType async_overloads_type = {"inheritance.AsyncOverloads", &ks_type_any};
static const shared_KType async_vararg_type = {"inheritance.AsyncVararg", &ks_type_any};
static const shared_KType async_exception_type = {"inheritance.AsyncException", &ks_type_runtime_exception};
static const shared_KType reverse_call_type = {"kotlin.native.internal.SwiftReverseCall", &ks_type_any};

// --- instances --------------------------------------------------------------------------------

typedef struct {
  ks_object header;
  bool has_swift;
  shared_SwiftSubclass swift; // the Swift subclass's callbacks, for virtual calls
  char *label;                // AsyncPayload.label, AsyncWorker.id, ConstructedAsyncBase.origin
  ks_object *stored;          // ConstructedAsyncStorage's stored value (guarded by the storage lock)
  pthread_mutex_t lock;
} instance;

static void instance_destroy(ks_object *object) {
  instance *it = (instance *)object;
  if (it->has_swift && it->swift.release != NULL) it->swift.release(it->swift.context);
  free(it->label);
  ks_release(it->stored);
  pthread_mutex_destroy(&it->lock);
  free(it);
}

static instance *instance_new(const shared_KType *type) {
  instance *it = ks_calloc(1, sizeof(instance));
  ks_object_init(&it->header, type, instance_destroy);
  ks_mutex_init(&it->lock);
  return it;
}

static const shared_KType *open_class_named(const char *name) {
  static const shared_KType *const classes[] = {
    &async_base_type,       &async_speaker_base_type, &async_thrower_type,    &async_payloads_type,
    &async_anchor_type,     &async_guarded_type,      &async_worker_type,     &async_multi_base_type,
    &constructed_base_type, &async_overloads_type,    &async_vararg_type,     &constructed_storage_type,
  };
  for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++)
    if (strcmp(classes[i]->name + strlen("inheritance."), name) == 0) return classes[i];
  return NULL;
}

shared_KNativePtr shared_inheritance_new(const char *class_name, const char *argument,
                                         const shared_SwiftSubclass *subclass, shared_Status *status) {
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
  if (argument != NULL) it->label = ks_strdup(argument);
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
// with *throwable, or CANCELLED).
// `arm`: set up the wait for the finish here (false when the caller waits for several at once and
// has set it up already).
static reverse_state reverse_resume(reverse_point *point, ks_job *job, bool cancelled, bool arm, ks_step *step,
                                    ks_object **throwable, ks_value *result) {
  if (cancelled && !point->cancel_sent) {
    point->cancel_sent = true;
    point->swift->cancel(point->run);
  }
  reverse_record *r = point->record;
  if (arm) ks_job_await_signal(job); // before looking, so that a finish in between is not missed
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
  // What the override produced, even after a cancellation (Swift's cancellation is advisory: a value
  // or an error of its own reaches the Kotlin caller, as Swift export's bridge, which awaits the
  // override, delivers it).
  if (kind == shared_TerminalKind_cancelled) {
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
  PAYLOAD,
  GUARDED,
  WORK,
  LEFT,
  RIGHT,
  CONSTRUCTED_WORK,
  PICK1,
  PICK2,
  SAME_STRING,
  SAME_INT,
  JOIN,
} member;

// The names Swift's override table knows the members by (overloads carry their parameters).
static const char *const member_names[] = {
  "greet", "count",   "notOpen", "speak", "tag",  "describe",         "boom",       "nothingToReturn",
  "number", "payload", "guarded", "work", "left", "right",            "work",       "pick(arg1:)",
  "pick(arg1:arg2:)", "same(arg:String)", "same(arg:Int)", "join(parts:)",
};

// How the Kotlin function around the virtual call treats it (each is a fixture's body).
typedef enum {
  PLAIN,             // base.member(…)
  TIMEOUT_OR_NULL,   // withTimeoutOrNull(timer) { … } ?: "timed_out"
  NON_CANCELLABLE,   // launch { withContext(NonCancellable) { captured = … } }; delay(50); job.cancel(); join
  SCOPE_CANCELLED,   // coroutineScope { launch { delay(50); self.cancel() }; … }
  CHILD_FAILS,       // coroutineScope { launch { delay(50); throw IllegalStateException("boom") }; … }
} driver;

typedef struct {
  instance *target; // retained
  member m;
  bool is_virtual;
  ks_value args[2];
  int32_t argc;
  driver d;
  int64_t timer;   // the driver's timer (ms)
  int label;       // 0: not started; 1: awaiting the override; 2: describe awaiting tag(); 3: the
                   // driver's timer after the override ended; 4: the Kotlin body's delay
  bool timer_done; // the driver's timer has fired
  ks_step kept_step; // label 3: the override's outcome, kept until the timer fires
  ks_value kept_value;
  ks_object *kept_throwable;
  reverse_point reverse;
} member_call;

static void member_call_destroy(void *raw) {
  member_call *c = raw;
  for (int32_t i = 0; i < c->argc; i++) ks_value_destroy(&c->args[i]);
  ks_value_destroy(&c->kept_value);
  ks_release(c->kept_throwable);
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

static ks_value formatted(const char *format, const char *text, int32_t number) {
  char buffer[512];
  snprintf(buffer, sizeof buffer, format, text, number);
  return string_value(buffer);
}

static const char *arg_text(const member_call *c, int index) {
  return index < c->argc && c->args[index].kind == shared_ValueKind_string ? c->args[index].as.string : "";
}

// "Kotlin: " + parts.joinToString(",")
static ks_value joined_parts(const ks_value *list) {
  size_t length = strlen("Kotlin: ") + 1;
  for (int32_t i = 0; i < list->count; i++) length += strlen(list->as.list[i].as.string) + 1;
  char *text = ks_calloc(1, length);
  strcat(text, "Kotlin: ");
  for (int32_t i = 0; i < list->count; i++) {
    if (i > 0) strcat(text, ",");
    strcat(text, list->as.list[i].as.string);
  }
  ks_value value = string_value(text);
  free(text);
  return value;
}

// The Kotlin bodies. Only describe (its virtual call of tag()) and guarded (delay(3_000)) suspend.
static ks_step kotlin_body(member_call *c, ks_job *job, ks_object **throwable, ks_value *result) {
  const char *label = c->target->label != NULL ? c->target->label : "";
  switch (c->m) {
  case GREET: *result = concat("Kotlin: ", &c->args[0], ""); return KS_STEP_COMPLETE;
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
  case GUARDED:
    c->label = 4;
    ks_job_delay(job, 3000);
    return KS_STEP_SUSPEND;
  case WORK: *result = formatted("kotlin-work:%s", label, 0); return KS_STEP_COMPLETE;
  case LEFT: *result = string_value("Kotlin left"); return KS_STEP_COMPLETE;
  case RIGHT: *result = string_value("Kotlin right"); return KS_STEP_COMPLETE;
  case CONSTRUCTED_WORK: *result = formatted("Kotlin work:%s", label, 0); return KS_STEP_COMPLETE;
  case PICK1: *result = formatted("kotlin-pick(%s)", arg_text(c, 0), 0); return KS_STEP_COMPLETE;
  case PICK2: *result = formatted("kotlin-pick(%s, %d)", arg_text(c, 0), c->args[1].as.i); return KS_STEP_COMPLETE;
  case SAME_STRING: *result = formatted("kotlin-same-string(%s)", arg_text(c, 0), 0); return KS_STEP_COMPLETE;
  case SAME_INT: *result = formatted("kotlin-same-int(%s%d)", "", c->args[0].as.i); return KS_STEP_COMPLETE;
  case JOIN: *result = joined_parts(&c->args[0]); return KS_STEP_COMPLETE;
  case TAG:
  case DESCRIBE:
    if (!c->target->has_swift) break;
    // describe()'s default: "default-describe(" + tag() + ")", tag() being abstract: a virtual call.
    c->label = c->m == DESCRIBE ? 2 : 1;
    if (c->d != PLAIN) ks_job_delay(job, c->timer); // a driver's timer runs while tag() does
    else ks_job_await_signal(job);
    reverse_start(&c->reverse, c->target, job, "tag", NULL, 0);
    return KS_STEP_SUSPEND;
  }
  *throwable = ks_throwable_new(&ks_type_illegal_state, "abstract member called on an instance without an override");
  return KS_STEP_FAIL;
}

// The result of the function around the call, once the override ended (and the driver's timer fired
// when the driver waits for it).
static ks_step driver_result(member_call *c, ks_job *job, ks_step step, ks_value *value, ks_object **throwable,
                             ks_value *result) {
  bool override_cancelled = c->timer_done && c->d != NON_CANCELLABLE;
  if (c->d == TIMEOUT_OR_NULL && override_cancelled && !ks_job_is_cancelled(job)) {
    // withTimeoutOrNull: once the timeout cancelled the block, its outcome is dropped for null.
    ks_value_destroy(value);
    ks_release(*throwable);
    *throwable = NULL;
    *result = string_value("timed_out");
    return KS_STEP_COMPLETE;
  }
  if (c->d == SCOPE_CANCELLED || c->d == CHILD_FAILS) {
    // coroutineScope waits for its children: the scope ends cancelled, or failed with the child's
    // exception, whatever the override produced.
    ks_value_destroy(value);
    ks_release(*throwable);
    *throwable = NULL;
    if (c->d == SCOPE_CANCELLED) return KS_STEP_CANCELLED;
    *throwable = ks_throwable_new(&ks_type_illegal_state, "boom");
    return KS_STEP_FAIL;
  }
  if (step != KS_STEP_COMPLETE) return step;
  if (c->label == 2) {
    *result = concat("default-describe(", value, ")");
    ks_value_destroy(value);
  } else {
    *result = *value;
  }
  return KS_STEP_COMPLETE;
}

static ks_step member_call_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  member_call *c = raw;
  ks_job *job = ks_call_job(call);
  if (c->label == 0) {
    if (!c->is_virtual || !c->target->has_swift) return kotlin_body(c, job, throwable, result);
    c->label = 1;
    if (c->d != PLAIN) ks_job_delay(job, c->timer); // the driver's timer, or the override's end
    else ks_job_await_signal(job);
    reverse_start(&c->reverse, c->target, job, member_names[c->m], c->args, c->argc);
    return KS_STEP_SUSPEND;
  }
  if (c->label == 4) { // the Kotlin body of guarded(): after delay(3_000)
    if (cancelled) return KS_STEP_CANCELLED;
    *result = string_value("kotlin");
    return KS_STEP_COMPLETE;
  }
  if (c->label == 3) { // the override ended first; the driver's timer has now fired
    c->timer_done = true;
    ks_value value = c->kept_value;
    c->kept_value = ks_value_null();
    *throwable = c->kept_throwable;
    c->kept_throwable = NULL;
    return driver_result(c, job, c->kept_step, &value, throwable, result);
  }
  bool forward_cancel = cancelled;
  if (c->d != PLAIN && !c->timer_done && !reverse_finished(&c->reverse) && !cancelled) {
    c->timer_done = true; // the timer fired while the override runs
    forward_cancel = c->d != NON_CANCELLABLE;
  }
  ks_step step = KS_STEP_COMPLETE;
  ks_value value = ks_value_null();
  if (reverse_resume(&c->reverse, job, forward_cancel, true, &step, throwable, &value) == REVERSE_WAITING)
    return KS_STEP_SUSPEND;
  if (c->d != PLAIN && c->d != TIMEOUT_OR_NULL && !c->timer_done) {
    // The override ended before the driver's timer: keep its outcome until the timer fires.
    c->kept_step = step;
    c->kept_value = value;
    c->kept_throwable = *throwable;
    *throwable = NULL;
    c->label = 3;
    ks_job_delay(job, c->timer);
    return KS_STEP_SUSPEND;
  }
  return driver_result(c, job, step, &value, throwable, result);
}

static const ks_call_body member_call_body = {.step = member_call_step, .destroy_state = member_call_destroy};

typedef struct {
  const char *what;
  const shared_KType *type; // NULL: any instance of the package (interfaces)
  member m;
  bool is_virtual;
  driver d;
  int64_t timer;
} call_spec;

// Starts a member call; takes the `argc` arguments in `args`.
static shared_Call start_call(call_spec spec, shared_KNativePtr object, ks_value *args, int32_t argc,
                              shared_Continuation continuation, shared_Status *status) {
  shared_Status ignored;
  if (status == NULL) status = &ignored;
  ks_object *target = ks_kref_resolve_status(object, spec.type, spec.what, status);
  if (target == NULL) {
    for (int32_t i = 0; i < argc; i++) ks_value_destroy(&args[i]);
    return (shared_Call){NULL};
  }
  member_call *c = ks_calloc(1, sizeof(member_call));
  c->target = (instance *)target;
  c->m = spec.m;
  c->is_virtual = spec.is_virtual;
  c->d = spec.d;
  c->timer = spec.timer > 0 ? spec.timer : 1; // withTimeoutOrNull(0) times out at once
  c->argc = argc;
  for (int32_t i = 0; i < argc; i++) c->args[i] = args[i];
  c->kept_value = ks_value_null();
  return ks_call_start(&member_call_body, c, continuation, status);
}

static shared_Call start_simple(call_spec spec, shared_KNativePtr object, shared_Continuation continuation,
                                shared_Status *status) {
  return start_call(spec, object, NULL, 0, continuation, status);
}

static shared_Call start_with_text(call_spec spec, shared_KNativePtr object, const char *text,
                                   shared_Continuation continuation, shared_Status *status) {
  if (text == NULL) {
    ks_misuse("%s: a String argument is NULL", spec.what);
    if (status != NULL) *status = shared_Status_nullArgument;
    return (shared_Call){NULL};
  }
  ks_value arg = string_value(text);
  return start_call(spec, object, &arg, 1, continuation, status);
}

// --- synchronous members and properties -----------------------------------------------------------

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

void *shared_inheritance_swiftContext(shared_KNativePtr object) {
  ks_object *target = ks_kref_resolve(object, NULL, "shared_inheritance_swiftContext");
  if (target == NULL) return NULL;
  instance *it = (instance *)target;
  void *context = it->has_swift ? it->swift.context : NULL;
  ks_release(target);
  return context;
}

const char *shared_inheritance_label(shared_KNativePtr object) {
  ks_object *target = ks_kref_resolve(object, NULL, "shared_inheritance_label");
  if (target == NULL) return NULL;
  instance *it = (instance *)target;
  char *label = ks_owned_strdup(it->label != NULL ? it->label : "");
  ks_release(target);
  return label;
}

shared_Status shared_inheritance_ConstructedAsyncStorage_store(shared_KNativePtr storage, shared_KNativePtr value) {
  shared_Status status = shared_Status_ok;
  ks_object *box = ks_kref_resolve_status(storage, &constructed_storage_type, "ConstructedAsyncStorage.store", &status);
  if (box == NULL) return status;
  ks_object *stored = ks_kref_resolve_status(value, &constructed_base_type, "ConstructedAsyncStorage.store (value)",
                                             &status);
  if (stored != NULL) {
    instance *it = (instance *)box;
    pthread_mutex_lock(&it->lock);
    ks_object *previous = it->stored;
    it->stored = stored;
    pthread_mutex_unlock(&it->lock);
    ks_release(previous);
  }
  ks_release(box);
  return status;
}

shared_KNativePtr shared_inheritance_ConstructedAsyncStorage_retrieve(shared_KNativePtr storage) {
  ks_object *box = ks_kref_resolve(storage, &constructed_storage_type, "ConstructedAsyncStorage.retrieve");
  if (box == NULL) return NULL;
  instance *it = (instance *)box;
  pthread_mutex_lock(&it->lock);
  ks_object *stored = it->stored != NULL ? ks_retain(it->stored) : NULL;
  pthread_mutex_unlock(&it->lock);
  shared_KNativePtr ref = stored != NULL ? ks_kref_for(stored) : NULL;
  ks_release(stored);
  ks_release(box);
  return ref;
}

// --- the contract ---------------------------------------------------------------------------------

#define SPEC(type, m, is_virtual) ((call_spec){__func__, type, m, is_virtual, PLAIN, 0})
#define DRIVER(type, m, d, timer) ((call_spec){__func__, type, m, true, d, timer})

#define NO_ARGS(fn, type, m, is_virtual)                                                                       \
  shared_Call fn(shared_KNativePtr object, shared_Continuation continuation, shared_Status *status) {          \
    return start_simple(SPEC(type, m, is_virtual), object, continuation, status);                             \
  }

shared_Call shared_inheritance_AsyncBase_greet_direct(shared_KNativePtr object, const char *name,
                                                      shared_Continuation continuation, shared_Status *status) {
  return start_with_text(SPEC(&async_base_type, GREET, false), object, name, continuation, status);
}
NO_ARGS(shared_inheritance_AsyncBase_count_direct, &async_base_type, COUNT, false)
NO_ARGS(shared_inheritance_AsyncBase_notOpen, &async_base_type, NOT_OPEN, false)
NO_ARGS(shared_inheritance_AsyncSpeakerBase_speak_direct, &async_speaker_base_type, SPEAK, false)
NO_ARGS(shared_inheritance_AsyncDefaulter_describe_direct, NULL, DESCRIBE, false)
NO_ARGS(shared_inheritance_AsyncThrower_boom_direct, &async_thrower_type, BOOM, false)
NO_ARGS(shared_inheritance_AsyncPayloads_nothingToReturn_direct, &async_payloads_type, NOTHING_TO_RETURN, false)
NO_ARGS(shared_inheritance_AsyncPayloads_number_direct, &async_payloads_type, NUMBER, false)
NO_ARGS(shared_inheritance_AsyncPayloads_payload_direct, &async_payloads_type, PAYLOAD, false)
NO_ARGS(shared_inheritance_AsyncGuarded_guarded_direct, &async_guarded_type, GUARDED, false)
NO_ARGS(shared_inheritance_AsyncWorker_work_direct, &async_worker_type, WORK, false)
NO_ARGS(shared_inheritance_AsyncMultiBase_left_direct, &async_multi_base_type, LEFT, false)
NO_ARGS(shared_inheritance_AsyncMultiBase_right_direct, &async_multi_base_type, RIGHT, false)
NO_ARGS(shared_inheritance_ConstructedAsyncBase_work_direct, &constructed_base_type, CONSTRUCTED_WORK, false)

const char *shared_inheritance_AsyncBase_syncTag_direct(shared_KNativePtr object) {
  return sync_tag(object, false, "AsyncBase.syncTag");
}

shared_Call shared_inheritance_callGreet(shared_KNativePtr base, const char *name, shared_Continuation continuation,
                                         shared_Status *status) {
  return start_with_text(SPEC(&async_base_type, GREET, true), base, name, continuation, status);
}
NO_ARGS(shared_inheritance_callCount, &async_base_type, COUNT, true)
// notOpen is final: even a call through Kotlin runs the Kotlin body.
NO_ARGS(shared_inheritance_callNotOpen, &async_base_type, NOT_OPEN, false)

shared_Call shared_inheritance_callGreetWithTimeout(shared_KNativePtr base, const char *name, shared_KLong timeoutMs,
                                                    shared_Continuation continuation, shared_Status *status) {
  return start_with_text(DRIVER(&async_base_type, GREET, TIMEOUT_OR_NULL, timeoutMs), base, name, continuation,
                         status);
}

const char *shared_inheritance_callSyncTag(shared_KNativePtr base) { return sync_tag(base, true, "callSyncTag"); }

NO_ARGS(shared_inheritance_callSpeak, &async_speaker_base_type, SPEAK, true)
NO_ARGS(shared_inheritance_callAsyncDescribe, NULL, DESCRIBE, true)
NO_ARGS(shared_inheritance_callAsyncTag, NULL, TAG, true)
NO_ARGS(shared_inheritance_callBoom, &async_thrower_type, BOOM, true)
NO_ARGS(shared_inheritance_callNothingToReturn, &async_payloads_type, NOTHING_TO_RETURN, true)
NO_ARGS(shared_inheritance_callNumber, &async_payloads_type, NUMBER, true)
NO_ARGS(shared_inheritance_callPayload, &async_payloads_type, PAYLOAD, true)
NO_ARGS(shared_inheritance_callWork, &async_worker_type, WORK, true)
NO_ARGS(shared_inheritance_callAsyncLeft, NULL, LEFT, true)
NO_ARGS(shared_inheritance_callAsyncRight, NULL, RIGHT, true)

shared_Call shared_inheritance_callAsyncDescribeWithTimeout(shared_KNativePtr defaulter, shared_KLong timeoutMs,
                                                            shared_Continuation continuation, shared_Status *status) {
  return start_simple(DRIVER(NULL, DESCRIBE, TIMEOUT_OR_NULL, timeoutMs), defaulter, continuation, status);
}

shared_Call shared_inheritance_callConstructedWorkWithTimeout(shared_KNativePtr value, shared_KLong timeoutMs,
                                                              shared_Continuation continuation, shared_Status *status) {
  return start_simple(DRIVER(&constructed_base_type, CONSTRUCTED_WORK, TIMEOUT_OR_NULL, timeoutMs), value, continuation,
                      status);
}

shared_Call shared_inheritance_callGuardedNonCancellable(shared_KNativePtr g, shared_Continuation continuation,
                                                         shared_Status *status) {
  return start_simple(DRIVER(&async_guarded_type, GUARDED, NON_CANCELLABLE, 50), g, continuation, status);
}

shared_Call shared_inheritance_callFailingChildWithOverrideInScopeBody(shared_KNativePtr g,
                                                                       shared_Continuation continuation,
                                                                       shared_Status *status) {
  return start_simple(DRIVER(&async_guarded_type, GUARDED, CHILD_FAILS, 50), g, continuation, status);
}

shared_Call shared_inheritance_callCancelledScopeJobWithOverrideInScopeBody(shared_KNativePtr g,
                                                                            shared_Continuation continuation,
                                                                            shared_Status *status) {
  return start_simple(DRIVER(&async_guarded_type, GUARDED, SCOPE_CANCELLED, 50), g, continuation, status);
}

shared_Call shared_inheritance_callFailingChildWithOverrideInChild(shared_KNativePtr g,
                                                                   shared_Continuation continuation,
                                                                   shared_Status *status) {
  return start_simple(DRIVER(&async_guarded_type, GUARDED, CHILD_FAILS, 50), g, continuation, status);
}

shared_Call shared_inheritance_callPick1(shared_KNativePtr o, const char *arg1, shared_Continuation continuation,
                                         shared_Status *status) {
  return start_with_text(SPEC(&async_overloads_type, PICK1, true), o, arg1, continuation, status);
}

shared_Call shared_inheritance_callPick2(shared_KNativePtr o, const char *arg1, shared_KInt arg2,
                                         shared_Continuation continuation, shared_Status *status) {
  if (arg1 == NULL) return start_with_text(SPEC(&async_overloads_type, PICK2, true), o, NULL, continuation, status);
  ks_value args[2] = {string_value(arg1), ks_value_int(arg2)};
  return start_call(SPEC(&async_overloads_type, PICK2, true), o, args, 2, continuation, status);
}

shared_Call shared_inheritance_callSameString(shared_KNativePtr o, const char *arg, shared_Continuation continuation,
                                              shared_Status *status) {
  return start_with_text(SPEC(&async_overloads_type, SAME_STRING, true), o, arg, continuation, status);
}

shared_Call shared_inheritance_callSameInt(shared_KNativePtr o, shared_KInt arg, shared_Continuation continuation,
                                           shared_Status *status) {
  ks_value value = ks_value_int(arg);
  return start_call(SPEC(&async_overloads_type, SAME_INT, true), o, &value, 1, continuation, status);
}

// The overloads' Kotlin bodies, non-virtually (`member` names the overload as the table does).
shared_Call shared_inheritance_AsyncOverloads_direct(shared_KNativePtr o, const char *member_name,
                                                     const shared_Value *args, int32_t count,
                                                     shared_Continuation continuation, shared_Status *status) {
  static const member overloads[] = {PICK1, PICK2, SAME_STRING, SAME_INT};
  shared_Status ignored;
  if (status == NULL) status = &ignored;
  for (size_t i = 0; member_name != NULL && i < sizeof overloads / sizeof overloads[0]; i++) {
    if (strcmp(member_names[overloads[i]], member_name) != 0) continue;
    ks_value imported[2] = {ks_value_null(), ks_value_null()};
    int32_t taken = count < 0 ? 0 : (count > 2 ? 2 : count);
    for (int32_t j = 0; j < taken; j++) {
      *status = ks_value_import(&args[j], &imported[j]);
      if (*status != shared_Status_ok) {
        for (int32_t k = 0; k < j; k++) ks_value_destroy(&imported[k]);
        return (shared_Call){NULL};
      }
    }
    return start_call(SPEC(&async_overloads_type, overloads[i], false), o, imported, taken, continuation, status);
  }
  ks_misuse("shared_inheritance_AsyncOverloads_direct: AsyncOverloads has no member %s",
            member_name != NULL ? member_name : "NULL");
  *status = shared_Status_invalidArgument;
  return (shared_Call){NULL};
}

// vararg parts: a List<String> value (borrowed).
shared_Call shared_inheritance_AsyncVararg_join_direct(shared_KNativePtr v, const shared_Value *parts,
                                                       shared_Continuation continuation, shared_Status *status) {
  shared_Status ignored;
  if (status == NULL) status = &ignored;
  ks_value list = ks_value_null();
  *status = parts != NULL ? ks_value_import(parts, &list) : shared_Status_nullArgument;
  if (*status == shared_Status_ok && list.kind != shared_ValueKind_list) *status = shared_Status_invalidArgument;
  if (*status != shared_Status_ok) {
    ks_misuse("AsyncVararg.join: parts must be a List<String>");
    ks_value_destroy(&list);
    return (shared_Call){NULL};
  }
  return start_call(SPEC(&async_vararg_type, JOIN, false), v, &list, 1, continuation, status);
}

// suspend fun callJoin(v: AsyncVararg): String = v.join("a", "b", "c")
shared_Call shared_inheritance_callJoin(shared_KNativePtr v, shared_Continuation continuation, shared_Status *status) {
  static const char *const parts[] = {"a", "b", "c"};
  ks_value *items = ks_calloc(3, sizeof(ks_value));
  for (int i = 0; i < 3; i++) items[i] = string_value(parts[i]);
  ks_value list = {.kind = shared_ValueKind_list, .count = 3, .as.list = items};
  return start_call(SPEC(&async_vararg_type, JOIN, true), v, &list, 1, continuation, status);
}

// suspend fun callBothConcurrently(a: AsyncWorker, b: AsyncWorker): String = withContext(Dispatchers.Default) {
//   val first = async { a.work() }; val second = async { b.work() }; first.await() + "|" + second.await() }
// Both virtual calls are under way at once; the first failure (in a's, then b's order) is thrown.
typedef struct {
  instance *workers[2]; // retained
  reverse_point reverse[2];
  bool done[2];
  ks_step steps[2];
  ks_value values[2];
  ks_object *throwables[2];
  bool started;
} both_state;

static void both_destroy(void *raw) {
  both_state *b = raw;
  for (int i = 0; i < 2; i++) {
    ks_value_destroy(&b->values[i]);
    ks_release(b->throwables[i]);
    ks_release(&b->workers[i]->header);
  }
  free(b);
}

static ks_step both_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  both_state *b = raw;
  ks_job *job = ks_call_job(call);
  ks_job_await_signal(job); // one wait for both finishes
  for (int i = 0; i < 2; i++) {
    if (b->done[i]) continue;
    if (!b->started) {
      member_call body = {.target = b->workers[i], .m = WORK, .d = PLAIN};
      if (!b->workers[i]->has_swift) {
        b->steps[i] = kotlin_body(&body, job, &b->throwables[i], &b->values[i]);
        b->done[i] = true;
      } else {
        reverse_start(&b->reverse[i], b->workers[i], job, member_names[WORK], NULL, 0);
      }
      continue;
    }
    if (reverse_resume(&b->reverse[i], job, cancelled, false, &b->steps[i], &b->throwables[i], &b->values[i]) ==
        REVERSE_DONE)
      b->done[i] = true;
  }
  b->started = true;
  if (!b->done[0] || !b->done[1]) return KS_STEP_SUSPEND;
  for (int i = 0; i < 2; i++) {
    if (b->steps[i] == KS_STEP_COMPLETE) continue;
    *throwable = b->throwables[i];
    b->throwables[i] = NULL;
    return b->steps[i];
  }
  size_t length = strlen(b->values[0].as.string) + strlen(b->values[1].as.string) + 2;
  char *text = ks_malloc(length);
  snprintf(text, length, "%s|%s", b->values[0].as.string, b->values[1].as.string);
  *result = string_value(text);
  free(text);
  return KS_STEP_COMPLETE;
}

static const ks_call_body both_body = {.step = both_step, .destroy_state = both_destroy};

shared_Call shared_inheritance_callBothConcurrently(shared_KNativePtr a, shared_KNativePtr b_ref,
                                                    shared_Continuation continuation, shared_Status *status) {
  shared_Status ignored;
  if (status == NULL) status = &ignored;
  ks_object *first = ks_kref_resolve_status(a, &async_worker_type, "callBothConcurrently (a)", status);
  if (first == NULL) return (shared_Call){NULL};
  ks_object *second = ks_kref_resolve_status(b_ref, &async_worker_type, "callBothConcurrently (b)", status);
  if (second == NULL) {
    ks_release(first);
    return (shared_Call){NULL};
  }
  both_state *b = ks_calloc(1, sizeof(both_state));
  b->workers[0] = (instance *)first;
  b->workers[1] = (instance *)second;
  b->values[0] = b->values[1] = ks_value_null();
  return ks_call_start(&both_body, b, continuation, status);
}
