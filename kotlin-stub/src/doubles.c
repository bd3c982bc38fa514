// Part 4 of the contract: test doubles made from Swift — boxes of user values, user objects,
// throwables, state / shared flows, and bodies (cold flows and suspend functions written in Swift)
// driven as jobs of this runtime.
//
// A body run is a small state machine shared by the job's step (a worker, no lock held while it calls
// Swift) and the driver calls (any thread). Its lock is a leaf: nothing else is taken while holding
// it, and no callback runs under it.
#include "scope_internal.h"

#include <stdlib.h>
#include <string.h>

// --- boxes and objects --------------------------------------------------------------------------

typedef struct {
  ks_object header;
  shared_KType type; // this object's class: its own name, a subclass of kotlin.Any
  void *box;         // NULL for a plain object
  const shared_BoxClass *box_class;
} named_object;

static void named_object_destroy(ks_object *object) {
  named_object *o = (named_object *)object;
  if (o->box != NULL) o->box_class->release(o->box);
  free((char *)o->type.name);
  free(o);
}

static named_object *named_object_new(const char *class_name) {
  named_object *o = ks_calloc(1, sizeof(named_object));
  o->type.name = ks_strdup(class_name);
  o->type.super = &ks_type_any;
  ks_object_init(&o->header, &o->type, named_object_destroy);
  return o;
}

static bool is_named_object(const ks_object *object) {
  return object != NULL && object->destroy == named_object_destroy;
}

bool ks_box_equal(const ks_object *a, const ks_object *b, bool *decided) {
  *decided = false;
  if (!is_named_object(a) || !is_named_object(b)) return false;
  const named_object *x = (const named_object *)a, *y = (const named_object *)b;
  if (x->box == NULL || y->box == NULL || x->box_class != y->box_class || x->box_class->equals == NULL) return false;
  *decided = true;
  return x->box_class->equals(x->box, y->box);
}

const void *ks_object_equality_key(const ks_object *object) {
  if (is_named_object(object)) {
    const named_object *named = (const named_object *)object;
    if (named->box != NULL && named->box_class->equals != NULL) return named->box_class; // equals: same class
  }
  return object; // identity
}

bool ks_value_needs_callbacks(const ks_value *v) {
  if (v->kind == shared_ValueKind_object) {
    const ks_object *o = v->as.object;
    return is_named_object(o) && ((const named_object *)o)->box != NULL &&
           ((const named_object *)o)->box_class->equals != NULL;
  }
  for (int32_t i = 0; i < ks_value_slots(v); i++)
    if (ks_value_needs_callbacks(&v->as.list[i])) return true;
  return false;
}

static shared_Status *status_or(shared_Status *status, shared_Status *fallback) {
  return status != NULL ? status : fallback;
}

shared_KNativePtr shared_Doubles_box(void *box, const shared_BoxClass *box_class, const char *class_name,
                                     shared_Status *status) {
  shared_Status ignored;
  status = status_or(status, &ignored);
  if (box == NULL || box_class == NULL || class_name == NULL || box_class->retain == NULL ||
      box_class->release == NULL) {
    ks_misuse("shared_Doubles_box: box, boxClass (with retain and release) and className are required");
    *status = shared_Status_nullArgument;
    return NULL;
  }
  named_object *o = named_object_new(class_name);
  box_class->retain(box);
  o->box = box;
  o->box_class = box_class;
  shared_KNativePtr ref = ks_kref_for(&o->header);
  ks_release(&o->header);
  *status = ref != NULL ? shared_Status_ok : shared_Status_invalidArgument;
  return ref;
}

void *shared_Doubles_unbox(shared_KNativePtr ref, shared_Status *status) {
  shared_Status ignored;
  status = status_or(status, &ignored);
  ks_object *object = ks_kref_resolve_status(ref, NULL, "shared_Doubles_unbox", status);
  if (object == NULL) return NULL;
  void *box = NULL;
  if (is_named_object(object)) box = ((named_object *)object)->box;
  if (box == NULL) {
    ks_misuse("shared_Doubles_unbox: a %s is not a box made by shared_Doubles_box", object->type->name);
    *status = shared_Status_wrongKind;
  }
  // The kref keeps the object (and so the box) alive; the caller holds the kref.
  ks_release(object);
  return box;
}

shared_KNativePtr shared_Doubles_object(const char *class_name, shared_Status *status) {
  shared_Status ignored;
  status = status_or(status, &ignored);
  if (class_name == NULL || class_name[0] == '\0') {
    ks_misuse("shared_Doubles_object: className is required (e.g. \"com.example.LoginViewModel\")");
    *status = shared_Status_nullArgument;
    return NULL;
  }
  named_object *o = named_object_new(class_name);
  shared_KNativePtr ref = ks_kref_for(&o->header);
  ks_release(&o->header);
  *status = ref != NULL ? shared_Status_ok : shared_Status_invalidArgument;
  return ref;
}

shared_kref_kotlin_Throwable shared_Doubles_throwable(const char *class_name, const char *message,
                                                      shared_Status *status) {
  shared_Status ignored;
  status = status_or(status, &ignored);
  if (class_name == NULL || class_name[0] == '\0') {
    ks_misuse("shared_Doubles_throwable: className is required (e.g. \"kotlin.IllegalArgumentException\")");
    *status = shared_Status_nullArgument;
    return (shared_kref_kotlin_Throwable){NULL};
  }
  ks_object *throwable = ks_throwable_new_named(class_name, message);
  shared_kref_kotlin_Throwable ref = {ks_kref_for(throwable)};
  ks_release(throwable);
  *status = ref.pinned != NULL ? shared_Status_ok : shared_Status_invalidArgument;
  return ref;
}

shared_Scope shared_Doubles_currentScope(void) { return (shared_Scope){ks_scope_current()->token}; }

void shared_Doubles_reportMisuse(const char *message) {
  ks_misuse("%s", message != NULL ? message : "a test double reported a misuse with no message");
}

// --- state and shared flows ---------------------------------------------------------------------

shared_kref_kotlinx_coroutines_flow_MutableStateFlow shared_Doubles_MutableStateFlow(const shared_Value *initial,
                                                                                    shared_Status *status) {
  shared_Status ignored;
  status = status_or(status, &ignored);
  ks_value value;
  *status = ks_value_import(initial, &value);
  if (*status != shared_Status_ok) return (shared_kref_kotlinx_coroutines_flow_MutableStateFlow){NULL};
  ks_state_flow *flow = ks_state_flow_new(value);
  ks_state_flow_accept_any_value(flow);
  shared_kref_kotlinx_coroutines_flow_MutableStateFlow ref = {ks_kref_for((ks_object *)flow)};
  ks_release((ks_object *)flow);
  return ref;
}

shared_kref_kotlinx_coroutines_flow_MutableSharedFlow shared_Doubles_MutableSharedFlow(
  shared_KInt replay, shared_KInt extra, int32_t overflow, shared_Status *status) {
  shared_Status ignored;
  status = status_or(status, &ignored);
  const char *problem = NULL;
  if (replay < 0) problem = "replay cannot be negative";
  else if (extra < 0) problem = "extraBufferCapacity cannot be negative";
  else if (overflow < shared_BufferOverflow_suspend || overflow > shared_BufferOverflow_dropLatest)
    problem = "onBufferOverflow must be SUSPEND, DROP_OLDEST or DROP_LATEST";
  else if (overflow != shared_BufferOverflow_suspend && replay + (int64_t)extra == 0)
    problem = "replay or extraBufferCapacity must be positive with non-default onBufferOverflow strategy";
  if (problem != NULL) {
    // The same check (and message) as kotlinx.coroutines' MutableSharedFlow factory.
    ks_misuse("MutableSharedFlow(replay = %d, extraBufferCapacity = %d, onBufferOverflow = %d): %s", replay, extra,
              overflow, problem);
    *status = shared_Status_invalidArgument;
    return (shared_kref_kotlinx_coroutines_flow_MutableSharedFlow){NULL};
  }
  ks_shared_flow *flow = ks_shared_flow_new_with_overflow(replay, extra, overflow);
  ks_shared_flow_accept_any_value(flow);
  shared_kref_kotlinx_coroutines_flow_MutableSharedFlow ref = {ks_kref_for((ks_object *)flow)};
  ks_release((ks_object *)flow);
  *status = shared_Status_ok;
  return ref;
}

// --- bodies ---------------------------------------------------------------------------------------

const shared_KType ks_type_body_flow = {"kotlinx.coroutines.flow.internal.SafeFlow", &ks_type_flow};
const shared_KType ks_type_body_run = {"<body run>", NULL};

typedef struct {
  ks_object header;
  shared_Body body;
} body_object;

static void body_object_destroy(ks_object *object) {
  body_object *b = (body_object *)object;
  if (b->body.release != NULL) b->body.release(b->body.context);
  free(b);
}

static bool body_is_valid(const shared_Body *body, const char *what, shared_Status *status) {
  if (body->start != NULL && body->resume != NULL && body->cancel != NULL && body->end != NULL) return true;
  ks_misuse("%s: shared_Body needs start, resume, cancel and end callbacks", what);
  *status = shared_Status_nullArgument;
  if (body->release != NULL) body->release(body->context);
  return false;
}

static body_object *body_object_new(const shared_Body *body, const shared_KType *type) {
  body_object *b = ks_calloc(1, sizeof(body_object));
  ks_object_init(&b->header, type, body_object_destroy);
  b->body = *body;
  return b;
}

typedef enum { OP_NONE, OP_EMIT, OP_DELAY, OP_FINISH } op_kind;
typedef enum { PHASE_IDLE, PHASE_EMITTING, PHASE_DELAYING } run_phase;

typedef struct {
  ks_object header;
  pthread_mutex_t lock; // leaf
  body_object *body;    // retained
  ks_job *job;          // the job running this body (alive until the FINISH op is taken)
  ks_collection *collection; // flows only
  void *run;                 // the body's run context, from start
  shared_KNativePtr driver;  // the driver handle (freed by finish)
  bool started, cancel_notified, body_running, finished, ended;
  int32_t awaits;            // shared_Driver_awaitingKotlin: awaits minus resumptions (lock)
  run_phase phase;           // step only: where the body is suspended
  op_kind op;                // the body's pending request (lock)
  ks_value op_value;
  int64_t op_millis;
  int32_t finish_kind;
  ks_value result;
  ks_object *throwable;
} body_run;

static void run_destroy(ks_object *object) {
  body_run *r = (body_run *)object;
  ks_value_destroy(&r->op_value);
  ks_value_destroy(&r->result);
  ks_release(r->throwable);
  ks_release(&r->body->header);
  pthread_mutex_destroy(&r->lock);
  free(r);
}

static body_run *run_new(body_object *body) {
  body_run *r = ks_calloc(1, sizeof(body_run));
  ks_object_init(&r->header, &ks_type_body_run, run_destroy);
  ks_mutex_init(&r->lock);
  r->body = (body_object *)ks_retain(&body->header);
  r->op_value = ks_value_null();
  r->result = ks_value_null();
  return r;
}

// The body is about to run Swift code: the scope has work until the body's next driver call.
static void mark_running(body_run *r) {
  pthread_mutex_lock(&r->lock);
  bool was = r->body_running;
  r->body_running = true;
  pthread_mutex_unlock(&r->lock);
  if (!was) ks_scope_task_queued(r->job->scope);
}

static void resume_body(body_run *r, bool cancelled) {
  mark_running(r);
  r->body->body.resume(r->run, cancelled);
}

static ks_step finish_step(body_run *r, ks_object **throwable, ks_value *result) {
  pthread_mutex_lock(&r->lock);
  int32_t kind = r->finish_kind;
  ks_object *thrown = r->throwable;
  r->throwable = NULL;
  ks_value value = r->result;
  r->result = ks_value_null();
  pthread_mutex_unlock(&r->lock);
  switch (kind) {
  case shared_TerminalKind_failed: *throwable = thrown; return KS_STEP_FAIL;
  case shared_TerminalKind_cancelled:
    ks_release(thrown);
    ks_value_destroy(&value);
    // The body threw CancellationException: its job is cancelled (by itself, unless asked already).
    ks_job_cancel_self(r->job);
    return KS_STEP_CANCELLED;
  default:
    ks_release(thrown);
    if (result != NULL) *result = value;
    else ks_value_destroy(&value);
    return KS_STEP_COMPLETE;
  }
}

// One step of a body's job: start the run, pass on cancellation and resumptions, and carry out the
// body's requests (emit, delay, finish) in the job, where they have Kotlin's semantics.
static ks_step run_step(body_run *r, bool cancelled, ks_object **throwable, ks_value *result) {
  if (!r->started) {
    r->started = true;
    mark_running(r);
    r->run = r->body->body.start(r->body->body.context, (shared_Driver){r->driver});
    // A job cancelled before its first step (a cancelled caller or scope) still starts the body,
    // which sees the cancellation at its first suspension point, as a coroutine started in a
    // cancelled scope does.
  }
  if (cancelled && !r->cancel_notified) {
    r->cancel_notified = true;
    if (r->phase != PHASE_IDLE) {
      r->phase = PHASE_IDLE;
      resume_body(r, true);
    } else {
      r->body->body.cancel(r->run);
    }
  } else if (r->phase != PHASE_IDLE) {
    r->phase = PHASE_IDLE; // the emission was taken, or the delay elapsed
    resume_body(r, false);
  }
  for (;;) {
    ks_job_await_signal(r->job); // before looking at the request, so none is missed
    pthread_mutex_lock(&r->lock);
    op_kind op = r->op;
    r->op = OP_NONE;
    ks_value value = r->op_value;
    r->op_value = ks_value_null();
    int64_t millis = r->op_millis;
    pthread_mutex_unlock(&r->lock);
    switch (op) {
    case OP_NONE: return KS_STEP_SUSPEND;
    case OP_FINISH: return finish_step(r, throwable, result);
    case OP_DELAY:
      if (r->cancel_notified) { // a cancelled coroutine's delay throws at once
        resume_body(r, true);
        continue;
      }
      r->phase = PHASE_DELAYING;
      ks_job_delay(r->job, millis);
      return KS_STEP_SUSPEND;
    case OP_EMIT:
      if (r->cancel_notified) { // emit in a cancelled collector throws at once
        ks_value_destroy(&value);
        resume_body(r, true);
        continue;
      }
      r->phase = PHASE_EMITTING;
      if (!ks_emit(r->collection, &value)) return KS_STEP_SUSPEND;
      r->phase = PHASE_IDLE;
      resume_body(r, false);
      continue;
    }
  }
}

static void run_end(body_run *r) {
  pthread_mutex_lock(&r->lock);
  bool call_end = r->started && !r->ended;
  r->ended = true;
  shared_KNativePtr driver = r->driver;
  r->driver = NULL;
  pthread_mutex_unlock(&r->lock);
  if (driver != NULL) { // never started, or never finished: the handle dies with the run
    ks_object *object = NULL;
    if (ks_handle_free(driver, KS_HANDLE_DRIVER, "body run", &object) == shared_Status_ok) ks_release(object);
  }
  if (call_end) r->body->body.end(r->run);
}

// --- flow bodies --------------------------------------------------------------------------------

static ks_step flow_body_step(ks_collection *collection, void *state, bool cancelled, ks_object **throwable) {
  body_run *r = state;
  ks_job *job = ks_collection_job(collection);
  // Set under the lock: post() reads both from the body's thread while this step runs (the values
  // never change after the first step, but an unlocked write would still race with those reads).
  pthread_mutex_lock(&r->lock);
  r->collection = collection;
  r->job = job;
  pthread_mutex_unlock(&r->lock);
  return run_step(r, cancelled, throwable, NULL);
}

static void flow_body_destroy_state(void *state) {
  body_run *r = state;
  run_end(r);
  ks_release(&r->header);
}

static const ks_producer_ops flow_body_ops = {.step = flow_body_step, .destroy_state = flow_body_destroy_state};

static body_run *run_with_driver(body_object *body) {
  body_run *r = run_new(body);
  r->driver = ks_handle_new(KS_HANDLE_DRIVER, &r->header, NULL);
  if (r->driver == NULL) {
    ks_release(&r->header);
    return NULL;
  }
  return r;
}

bool ks_body_flow_producer(ks_object *flow, const ks_producer_ops **ops, void **state) {
  if (flow->type != &ks_type_body_flow) return false;
  body_run *r = run_with_driver((body_object *)flow);
  if (r == NULL) return false;
  *ops = &flow_body_ops;
  *state = r;
  return true;
}

shared_kref_kotlinx_coroutines_flow_Flow shared_Doubles_flow(shared_Body body, shared_Status *status) {
  shared_Status ignored;
  status = status_or(status, &ignored);
  if (!body_is_valid(&body, "shared_Doubles_flow", status)) return (shared_kref_kotlinx_coroutines_flow_Flow){NULL};
  body_object *b = body_object_new(&body, &ks_type_body_flow);
  shared_kref_kotlinx_coroutines_flow_Flow ref = {ks_kref_for(&b->header)};
  ks_release(&b->header);
  *status = ref.pinned != NULL ? shared_Status_ok : shared_Status_invalidArgument;
  return ref;
}

// --- suspend bodies -------------------------------------------------------------------------------

static ks_step call_body_step(ks_call *call, void *state, bool cancelled, ks_object **throwable, ks_value *result) {
  body_run *r = state;
  ks_job *job = ks_call_job(call);
  pthread_mutex_lock(&r->lock); // as flow_body_step: post() and the driver read it under the lock
  r->job = job;
  pthread_mutex_unlock(&r->lock);
  return run_step(r, cancelled, throwable, result);
}

static void call_body_destroy_state(void *state) {
  body_run *r = state;
  run_end(r);
  ks_release(&r->header);
}

static const ks_call_body call_body_ops = {.step = call_body_step, .destroy_state = call_body_destroy_state};

shared_Call shared_Doubles_call(shared_Body body, shared_Continuation continuation, shared_Status *status) {
  shared_Status ignored;
  status = status_or(status, &ignored);
  if (!body_is_valid(&body, "shared_Doubles_call", status)) return (shared_Call){NULL};
  body_object *b = body_object_new(&body, &ks_type_any);
  body_run *r = run_with_driver(b);
  ks_release(&b->header);
  if (r == NULL) {
    *status = shared_Status_invalidArgument;
    return (shared_Call){NULL};
  }
  return ks_call_start(&call_body_ops, r, continuation, status);
}

// --- the driver -----------------------------------------------------------------------------------

// A refused finish still owns the failure's throwable kref it was handed: dispose it.
static void drop_outcome_throwable(const shared_Outcome *outcome) {
  if (outcome != NULL && outcome->kind == shared_TerminalKind_failed && outcome->throwable.pinned != NULL)
    shared_symbols()->DisposeStablePointer(outcome->throwable.pinned);
}

// Posts the body's request and wakes its job. The body is no longer running Swift code for the scope.
static shared_Status post(shared_Driver driver, op_kind op, ks_value *value, int64_t millis,
                          const shared_Outcome *outcome, const char *what) {
  ks_object *object = NULL;
  shared_Status status = ks_handle_get(driver.pinned, KS_HANDLE_DRIVER, what, &object);
  if (status != shared_Status_ok) {
    if (value != NULL) ks_value_destroy(value);
    drop_outcome_throwable(outcome);
    return status;
  }
  body_run *r = (body_run *)object;
  pthread_mutex_lock(&r->lock);
  const char *problem = NULL;
  if (r->finished) problem = "the body has already finished";
  else if (r->op != OP_NONE) problem = "the body already has a pending emit, delay or finish (one at a time)";
  else if (op == OP_EMIT && r->collection == NULL) problem = "emit is only for flow bodies, not suspend functions";
  if (problem != NULL) {
    pthread_mutex_unlock(&r->lock);
    ks_misuse("%s: %s", what, problem);
    if (value != NULL) ks_value_destroy(value);
    drop_outcome_throwable(outcome);
    ks_release(object);
    return shared_Status_finished;
  }
  r->op = op;
  if (value != NULL) { // the emitted value, or a suspend body's result
    ks_value *slot = op == OP_FINISH ? &r->result : &r->op_value;
    ks_value_destroy(slot);
    *slot = *value;
    *value = ks_value_null();
  }
  r->op_millis = millis;
  shared_KNativePtr token = NULL;
  if (op == OP_FINISH) {
    r->finished = true;
    r->finish_kind = outcome->kind;
    if (outcome->kind == shared_TerminalKind_failed) {
      r->throwable = ks_kref_resolve(outcome->throwable.pinned, &ks_type_throwable, "shared_Driver_finish throwable");
      if (r->throwable == NULL) r->throwable = ks_throwable_new(&ks_type_illegal_state, "a body failed with no throwable");
      else if (outcome->throwable.pinned != NULL) shared_symbols()->DisposeStablePointer(outcome->throwable.pinned);
    }
    token = r->driver;
    r->driver = NULL;
  }
  bool was_running = r->body_running;
  r->body_running = false;
  ks_job *job = (ks_job *)ks_retain(&r->job->header); // alive: its step cannot finish before this request
  ks_scope *scope = job->scope;
  pthread_mutex_unlock(&r->lock);
  ks_job_signal(job); // queues the job before the body stops counting as work: no idle gap
  if (was_running) ks_scope_task_done(scope);
  ks_release(&job->header);
  if (token != NULL) {
    ks_object *held = NULL;
    if (ks_handle_free(token, KS_HANDLE_DRIVER, what, &held) == shared_Status_ok) ks_release(held);
  }
  ks_release(object);
  return shared_Status_ok;
}

shared_Status shared_Driver_awaitingKotlin(shared_Driver driver, shared_KBoolean awaiting) {
  ks_object *object = NULL;
  shared_Status status = ks_handle_get(driver.pinned, KS_HANDLE_DRIVER, "shared_Driver_awaitingKotlin", &object);
  if (status != shared_Status_ok) return status;
  body_run *r = (body_run *)object;
  pthread_mutex_lock(&r->lock);
  bool was_awaiting = r->awaits > 0;
  r->awaits += awaiting ? 1 : -1;
  bool now_awaiting = r->awaits > 0;
  int delta = 0; // -1: stops counting as running; +1: counts again
  if (!was_awaiting && now_awaiting && r->body_running) {
    r->body_running = false;
    delta = -1;
  } else if (was_awaiting && !now_awaiting && !r->body_running && !r->finished && r->op == OP_NONE) {
    r->body_running = true;
    delta = 1;
  }
  ks_scope *scope = r->job != NULL ? r->job->scope : NULL;
  pthread_mutex_unlock(&r->lock);
  if (scope != NULL && delta > 0) ks_scope_task_queued(scope);
  if (scope != NULL && delta < 0) ks_scope_task_done(scope);
  ks_release(object);
  return shared_Status_ok;
}

// Imports a value a body hands over (an item or its result). A value the runtime refuses is a misuse
// charged to the body's own scope (the test's), not to whatever scope its Swift thread has current:
// the test's leak check then fails with the reason.
static shared_Status import_from_body(shared_Driver driver, const shared_Value *value, ks_value *out,
                                      const char *function) {
  *out = ks_value_null();
  ks_object *object = NULL;
  shared_Status status = ks_handle_get(driver.pinned, KS_HANDLE_DRIVER, function, &object);
  if (status != shared_Status_ok) return status;
  body_run *r = (body_run *)object;
  pthread_mutex_lock(&r->lock);
  ks_scope *scope = r->job != NULL ? (ks_scope *)ks_retain(&r->job->scope->header) : NULL;
  pthread_mutex_unlock(&r->lock);
  ks_scope *previous = scope != NULL ? ks_scope_enter(scope) : NULL;
  status = ks_value_import(value, out);
  if (scope != NULL) {
    ks_scope_leave(previous);
    ks_release(&scope->header);
  }
  ks_release(object);
  return status;
}

shared_Status shared_Driver_emit(shared_Driver driver, const shared_Value *value) {
  ks_value imported;
  shared_Status status = import_from_body(driver, value, &imported, "shared_Driver_emit");
  if (status != shared_Status_ok) return status;
  return post(driver, OP_EMIT, &imported, 0, NULL, "shared_Driver_emit");
}

shared_Status shared_Driver_delay(shared_Driver driver, shared_KLong millis) {
  return post(driver, OP_DELAY, NULL, millis < 0 ? 0 : millis, NULL, "shared_Driver_delay");
}

shared_Status shared_Driver_finish(shared_Driver driver, const shared_Outcome *outcome) {
  if (outcome == NULL || outcome->kind < shared_TerminalKind_completed ||
      outcome->kind > shared_TerminalKind_cancelled) {
    ks_misuse("shared_Driver_finish: outcome must be completed, failed or cancelled");
    return outcome == NULL ? shared_Status_nullArgument : shared_Status_invalidArgument;
  }
  ks_value result = ks_value_null();
  if (outcome->kind == shared_TerminalKind_completed) {
    shared_Status status = import_from_body(driver, &outcome->value, &result, "shared_Driver_finish");
    if (status != shared_Status_ok) return status;
  }
  return post(driver, OP_FINISH, &result, 0, outcome, "shared_Driver_finish");
}
