// Suspend function types, both ways: Swift closures as Kotlin function objects (Kotlin awaits them),
// Kotlin lambdas as objects Swift calls (shared_SuspendFunction_invoke starts a suspend call).
//
// A Swift closure's invocation is a small object with its own lock: the awaiting job is signalled
// when Swift completes it; Kotlin's cancellation calls the Swift `cancel` callback and the job keeps
// waiting for `complete` (the closure's cancellation is cooperative, like a Kotlin child's), so when
// the awaiting call ends, the Swift closure is over too and nothing outlives the call.
#include "closures_internal.h"
#include "scope_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// --- function objects -------------------------------------------------------------------------

#define KS_MAX_ARITY 22

static const shared_KType function_base = {"kotlin.Function", &ks_type_any};
static shared_KType function_types[KS_MAX_ARITY + 1];
static char function_names[KS_MAX_ARITY + 1][40];
static pthread_once_t types_once = PTHREAD_ONCE_INIT;

static void init_types(void) {
  for (int i = 0; i <= KS_MAX_ARITY; i++) {
    snprintf(function_names[i], sizeof function_names[i], "kotlin.coroutines.SuspendFunction%d", i);
    function_types[i] = (shared_KType){function_names[i], &function_base};
  }
}

static const shared_KType *function_type(int32_t arity) {
  pthread_once(&types_once, init_types);
  return &function_types[arity];
}

static const shared_KType invocation_type = {"<swift invocation>", NULL};

struct ks_function { // the ks_object header comes first: a function is cast to and from ks_object
  ks_object header;
  int32_t arity;
  bool is_swift;
  shared_SwiftSuspendFunction swift; // Swift closures
  ks_lambda_op op;                   // Kotlin lambdas
  int32_t operand;
  int64_t delay_millis;
};

static void function_destroy(ks_object *object) {
  ks_function *function = (ks_function *)object;
  if (function->is_swift && function->swift.release != NULL) function->swift.release(function->swift.context);
  free(function);
}

static ks_function *function_new(int32_t arity) {
  ks_function *function = ks_calloc(1, sizeof(ks_function));
  ks_object_init(&function->header, function_type(arity), function_destroy);
  function->arity = arity;
  return function;
}

ks_function *ks_lambda_new(int32_t arity, ks_lambda_op op, int32_t operand, int64_t delay_millis) {
  ks_function *function = function_new(arity);
  function->op = op;
  function->operand = operand;
  function->delay_millis = delay_millis;
  return function;
}

ks_function *ks_function_of(const ks_value *value) {
  if (value->kind != shared_ValueKind_object || !ks_is_instance(value->as.object, &function_base)) return NULL;
  return (ks_function *)value->as.object;
}

int32_t ks_function_arity(const ks_function *function) { return function->arity; }

shared_kref_kotlin_SuspendFunction shared_SuspendFunction_fromSwift(int32_t arity, shared_SwiftSuspendFunction swift,
                                                                    shared_Status *status) {
  shared_Status ignored;
  if (status == NULL) status = &ignored;
  if (swift.invoke == NULL || swift.cancel == NULL || swift.end == NULL) {
    ks_misuse("shared_SuspendFunction_fromSwift: invoke, cancel and end are required");
    *status = shared_Status_nullArgument;
    if (swift.release != NULL) swift.release(swift.context);
    return (shared_kref_kotlin_SuspendFunction){NULL};
  }
  if (arity < 0 || arity > KS_MAX_ARITY) {
    ks_misuse("shared_SuspendFunction_fromSwift: arity %d is out of range; Kotlin has SuspendFunction0 to 22", arity);
    *status = shared_Status_invalidArgument;
    if (swift.release != NULL) swift.release(swift.context);
    return (shared_kref_kotlin_SuspendFunction){NULL};
  }
  ks_function *function = function_new(arity);
  function->is_swift = true;
  function->swift = swift;
  shared_KNativePtr kref = ks_kref_for(&function->header);
  ks_release(&function->header); // the kref holds it now
  *status = kref == NULL ? shared_Status_invalidArgument : shared_Status_ok;
  return (shared_kref_kotlin_SuspendFunction){kref};
}

shared_KBoolean shared_SuspendFunction_swiftContext(shared_kref_kotlin_SuspendFunction kref, void **context) {
  ks_object *object = ks_kref_resolve(kref.pinned, &function_base, "shared_SuspendFunction_swiftContext");
  if (object == NULL) return false;
  ks_function *function = (ks_function *)object;
  bool swift = function->is_swift;
  if (swift && context != NULL) *context = function->swift.context;
  ks_release(object);
  return swift;
}

// --- invocations of Swift closures --------------------------------------------------------------

struct ks_invocation {
  ks_object header;
  pthread_mutex_t lock;
  ks_function *function; // retained
  ks_job *job;           // retained: the awaiting job, signalled at completion
  ks_scope *scope;       // retained: charged one pending call until `end`
  shared_KNativePtr token;
  void *context;         // from `invoke`
  bool invoke_returned, completed, ended;
  int cancelling; // cancel callbacks running
  int32_t kind;
  ks_value result;
  ks_object *throwable;
  bool cancels_caller;
};

static void invocation_destroy(ks_object *object) {
  ks_invocation *invocation = (ks_invocation *)object;
  ks_value_destroy(&invocation->result);
  ks_release(invocation->throwable);
  ks_release(&invocation->function->header);
  ks_release(&invocation->job->header);
  ks_release(&invocation->scope->header);
  pthread_mutex_destroy(&invocation->lock);
  free(invocation);
}

// Invocation lock held: whether `end` is due now (Swift completed, invoke returned, no cancel runs).
static bool end_due_locked(ks_invocation *invocation) {
  if (invocation->ended || !invocation->completed || !invocation->invoke_returned || invocation->cancelling > 0)
    return false;
  invocation->ended = true;
  return true;
}

// No lock held.
static void end_invocation(ks_invocation *invocation) {
  invocation->function->swift.end(invocation->context);
  ks_count(invocation->scope, KS_COUNT_CALLS, -1);
}

shared_Status shared_SwiftInvocation_complete(shared_SwiftInvocation handle, const shared_Outcome *outcome) {
  if (outcome == NULL) {
    ks_misuse("shared_SwiftInvocation_complete: the outcome is NULL");
    return shared_Status_nullArgument;
  }
  ks_object *object = NULL;
  shared_Status status = ks_handle_free(handle.pinned, KS_HANDLE_INVOCATION, "shared_SwiftInvocation_complete", &object);
  if (status != shared_Status_ok) return status;
  ks_invocation *invocation = (ks_invocation *)object;
  ks_value result = ks_value_null();
  ks_object *throwable = NULL;
  int32_t kind = outcome->kind;
  if (kind == shared_TerminalKind_completed) {
    if (ks_value_import(&outcome->value, &result) != shared_Status_ok) {
      kind = shared_TerminalKind_failed; // a value Kotlin cannot hold: ClassCastException at the call site
      throwable = ks_throwable_new_named("kotlin.ClassCastException", "the Swift closure returned an invalid value");
    }
  } else if (kind == shared_TerminalKind_failed) {
    throwable = ks_kref_resolve(outcome->throwable.pinned, &ks_type_throwable, "shared_SwiftInvocation_complete");
    if (outcome->throwable.pinned != NULL) shared_symbols()->DisposeStablePointer(outcome->throwable.pinned);
    if (throwable == NULL) throwable = ks_throwable_new_named("kotlin.IllegalStateException", "unknown Swift error");
  } else {
    kind = shared_TerminalKind_cancelled;
  }
  pthread_mutex_lock(&invocation->lock);
  invocation->kind = kind;
  invocation->result = result;
  invocation->throwable = throwable;
  invocation->cancels_caller = outcome->cancelsCaller;
  invocation->completed = true;
  bool end = end_due_locked(invocation);
  pthread_mutex_unlock(&invocation->lock);
  ks_job_signal(invocation->job);
  if (end) end_invocation(invocation);
  ks_release(object); // the handle's reference
  return shared_Status_ok;
}

// Starts a Swift closure for `job`: the job must already wait (ks_job_await_signal*) so that a quick
// completion is not lost. Arguments are taken.
static ks_invocation *invoke_swift(ks_job *job, ks_function *function, ks_value *args, int32_t count) {
  ks_invocation *invocation = ks_calloc(1, sizeof(ks_invocation));
  ks_object_init(&invocation->header, &invocation_type, invocation_destroy);
  ks_mutex_init(&invocation->lock);
  invocation->function = (ks_function *)ks_retain(&function->header);
  invocation->job = (ks_job *)ks_retain(&job->header);
  invocation->scope = job->scope;
  ks_retain(&job->scope->header);
  invocation->result = ks_value_null();
  ks_count(invocation->scope, KS_COUNT_CALLS, 1);
  ks_retain(&invocation->header); // the handle's reference, dropped by complete
  invocation->token = ks_handle_new(KS_HANDLE_INVOCATION, &invocation->header, NULL);
  ks_release(&invocation->header);

  shared_Value exported[KS_MAX_ARITY + 1];
  for (int32_t i = 0; i < count; i++) ks_value_export(&args[i], &exported[i], false);
  void *context = function->swift.invoke(function->swift.context, exported, count,
                                         (shared_SwiftInvocation){invocation->token});
  for (int32_t i = 0; i < count; i++) {
    ks_value_free_export(&exported[i]);
    ks_value_destroy(&args[i]);
  }
  pthread_mutex_lock(&invocation->lock);
  invocation->context = context;
  invocation->invoke_returned = true;
  bool end = end_due_locked(invocation);
  pthread_mutex_unlock(&invocation->lock);
  if (end) end_invocation(invocation);
  return invocation;
}

// Forwards Kotlin's cancellation to the Swift closure (once).
static void cancel_swift(ks_invocation *invocation) {
  pthread_mutex_lock(&invocation->lock);
  bool call = !invocation->completed && !invocation->ended;
  if (call) invocation->cancelling++;
  pthread_mutex_unlock(&invocation->lock);
  if (!call) return;
  invocation->function->swift.cancel(invocation->context);
  pthread_mutex_lock(&invocation->lock);
  invocation->cancelling--;
  bool end = end_due_locked(invocation);
  pthread_mutex_unlock(&invocation->lock);
  if (end) end_invocation(invocation);
}

// --- awaiting a function from a step ------------------------------------------------------------

static ks_object *class_cast(const char *message) { return ks_throwable_new_named("kotlin.ClassCastException", message); }

static bool lambda_compute(ks_function *function, ks_value *args, int32_t count, ks_value *result,
                           ks_object **throwable) {
  if (function->op == KS_LAMBDA_DELAY_THEN) {
    *result = ks_value_int(function->operand);
    return true;
  }
  if (count < 1 || args[0].kind != shared_ValueKind_int) {
    *throwable = class_cast("the lambda takes an Int");
    return false;
  }
  int32_t it = args[0].as.i;
  switch (function->op) {
  case KS_LAMBDA_ADD: *result = ks_value_int((int32_t)((uint32_t)it + (uint32_t)function->operand)); break;
  case KS_LAMBDA_MULTIPLY: *result = ks_value_int((int32_t)((uint32_t)it * (uint32_t)function->operand)); break;
  default: *result = ks_value_int(it); break;
  }
  return true;
}

static void drop_args(ks_value *args, int32_t count) {
  for (int32_t i = 0; i < count; i++) ks_value_destroy(&args[i]);
}

static ks_await_status finish(ks_await *await, ks_step step, ks_step *kind) {
  await->phase = 3;
  *kind = step;
  return KS_AWAIT_DONE;
}

// Swift closure over: its outcome as the suspension point's.
static ks_await_status take_swift(ks_await *await, ks_job *job, ks_step *kind, ks_value *result,
                                  ks_object **throwable, bool *timed_out) {
  ks_invocation *invocation = await->invocation;
  pthread_mutex_lock(&invocation->lock);
  int32_t outcome = invocation->kind;
  ks_value value = invocation->result;
  invocation->result = ks_value_null();
  ks_object *error = invocation->throwable;
  invocation->throwable = NULL;
  bool cancels_caller = invocation->cancels_caller;
  pthread_mutex_unlock(&invocation->lock);
  // Kotlin awaits the closure's own outcome even after cancelling it: a closure that returns a value
  // despite the cancellation hands it back (cancellation is cooperative on both sides).
  *timed_out = await->timed_out && outcome == shared_TerminalKind_cancelled;
  // The closure's own task was cancelled: as Swift export's bridge, the awaiting coroutine is too.
  if (cancels_caller && !await->cancel_forwarded) ks_job_cancel_self(job);
  if (outcome == shared_TerminalKind_completed) {
    *result = value;
    return finish(await, KS_STEP_COMPLETE, kind);
  }
  ks_value_destroy(&value);
  if (outcome == shared_TerminalKind_failed) {
    *throwable = error;
    return finish(await, KS_STEP_FAIL, kind);
  }
  ks_release(error);
  return finish(await, KS_STEP_CANCELLED, kind);
}

static bool swift_completed(ks_invocation *invocation) {
  pthread_mutex_lock(&invocation->lock);
  bool completed = invocation->completed;
  pthread_mutex_unlock(&invocation->lock);
  return completed;
}

ks_await_status ks_await_step(ks_await *await, ks_job *job, ks_function *function, ks_value *args, int32_t count,
                              bool cancelled, int64_t timeout_millis, ks_step *kind, ks_value *result,
                              ks_object **throwable, bool *timed_out) {
  *timed_out = false;
  if (await->phase == 0) {
    if (count != function->arity) {
      drop_args(args, count);
      *throwable = class_cast("a suspend function was called with the wrong number of arguments");
      return finish(await, KS_STEP_FAIL, kind);
    }
    await->timed = timeout_millis > 0;
    if (!function->is_swift) {
      ks_value value = ks_value_null();
      bool ok = lambda_compute(function, args, count, &value, throwable);
      drop_args(args, count);
      if (!ok) return finish(await, KS_STEP_FAIL, kind);
      if (function->op != KS_LAMBDA_DELAY_THEN || function->delay_millis <= 0) { // no suspension point
        *result = value;
        return finish(await, KS_STEP_COMPLETE, kind);
      }
      await->lambda_result = value;
      int64_t wait = function->delay_millis;
      if (await->timed && wait >= timeout_millis) {
        wait = timeout_millis;
        await->lambda_times_out = true;
      }
      await->phase = 2;
      ks_job_delay(job, wait);
      return KS_AWAIT_SUSPENDED;
    }
    if (await->timed)
      ks_job_await_signal_or_delay(job, timeout_millis);
    else
      ks_job_await_signal(job);
    await->phase = 1;
    await->invocation = invoke_swift(job, function, args, count);
    return KS_AWAIT_SUSPENDED;
  }
  if (await->phase == 2) { // a lambda's delay is over
    if (cancelled || await->lambda_times_out) {
      *timed_out = !cancelled;
      return finish(await, KS_STEP_CANCELLED, kind);
    }
    *result = await->lambda_result;
    await->lambda_result = ks_value_null();
    return finish(await, KS_STEP_COMPLETE, kind);
  }
  // phase 1: awaiting the Swift closure. A cancelled job (or a timeout) cancels the closure's task and
  // goes on waiting for its end.
  ks_invocation *invocation = await->invocation;
  if (cancelled && !await->cancel_forwarded) {
    await->cancel_forwarded = true;
    await->job_cancelled = true;
    cancel_swift(invocation); // nothing to do if it is over
  } else if (!cancelled && await->timed && !await->cancel_forwarded && !swift_completed(invocation)) {
    await->timed_out = true; // resumed by the timer, not by the completion
    await->cancel_forwarded = true;
    cancel_swift(invocation);
  }
  ks_job_await_signal(job);
  if (swift_completed(invocation)) return take_swift(await, job, kind, result, throwable, timed_out);
  return KS_AWAIT_SUSPENDED;
}

void ks_await_reset(ks_await *await) {
  if (await->invocation != NULL) ks_release(&await->invocation->header);
  ks_value_destroy(&await->lambda_result);
  memset(await, 0, sizeof(*await));
  await->lambda_result = ks_value_null();
}

// --- Swift calls a function: shared_SuspendFunction_invoke ---------------------------------------

typedef struct {
  ks_function *function; // retained
  ks_value args[KS_MAX_ARITY + 1];
  int32_t count;
  ks_await await;
} invoke_state;

static ks_step invoke_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  invoke_state *state = raw;
  ks_step kind;
  bool timed_out;
  int32_t count = state->count;
  state->count = 0; // taken by the first step
  if (ks_await_step(&state->await, ks_call_job(call), state->function, state->args, count, cancelled, 0, &kind, result,
                    throwable, &timed_out) == KS_AWAIT_SUSPENDED)
    return KS_STEP_SUSPEND;
  return kind;
}

static void invoke_destroy(void *raw) {
  invoke_state *state = raw;
  drop_args(state->args, state->count);
  ks_await_reset(&state->await);
  ks_release(&state->function->header);
  free(state);
}

static const ks_call_body invoke_body = {.step = invoke_step, .destroy_state = invoke_destroy};

shared_Call shared_SuspendFunction_invoke(shared_kref_kotlin_SuspendFunction kref, const shared_Value *arguments,
                                          int32_t count, shared_Continuation continuation, shared_Status *status) {
  shared_Status ignored;
  if (status == NULL) status = &ignored;
  shared_Status resolved;
  ks_object *object = ks_kref_resolve_status(kref.pinned, &function_base, "shared_SuspendFunction_invoke", &resolved);
  if (object == NULL) {
    *status = resolved;
    return (shared_Call){NULL};
  }
  ks_function *function = (ks_function *)object;
  if (count != function->arity || (count > 0 && arguments == NULL)) {
    ks_misuse("shared_SuspendFunction_invoke: %d arguments for a SuspendFunction%d", count, function->arity);
    ks_release(object);
    *status = shared_Status_invalidArgument;
    return (shared_Call){NULL};
  }
  invoke_state *state = ks_calloc(1, sizeof(invoke_state));
  state->function = function; // the resolve's reference
  state->await.lambda_result = ks_value_null();
  for (int32_t i = 0; i < count; i++) {
    shared_Status imported = ks_value_import(&arguments[i], &state->args[i]);
    if (imported != shared_Status_ok) {
      state->count = i;
      invoke_destroy(state);
      *status = imported;
      return (shared_Call){NULL};
    }
  }
  state->count = count;
  return ks_call_start(&invoke_body, state, continuation, status);
}
