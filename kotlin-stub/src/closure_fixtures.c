// The functions of closures.kt (Swift export's execution tests), each lowered to a state machine
// whose suspension points are the calls of its function arguments (ks_await_step) and its delays.
// Functions Kotlin declares without `suspend` run their body in runBlocking: the calling thread
// blocks until a call of the body, started on the workers, delivers its outcome.
#include "closures_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum {
  F_PASS,             // block(params…)
  F_UNIT,             // block(params…); "completed"
  F_TWO_CLOSURES,     // second(first(a))
  F_CHAIN,            // closures.fold(initial) { acc, f -> f(acc) }
  F_NESTED,           // block(depth) + … + block(0)
  F_CATCHING,         // try { block(params…).toString() } catch …
  F_TIMEOUT,          // withTimeoutOrNull(3.seconds) { block() }
  F_TIMEOUT_WITH_ARG, // withTimeoutOrNull(100) { delay(delayMs); block(42) }
  F_CALLING_KOTLIN,   // block { delay(10); 42 }
  F_MULTIPLE,         // (0 until times).sum { block(it) }
  F_NEVER,            // if (shouldCall) block() else -1
  F_PASS_THEN_DELAY,  // val r = block(arg); delay(1); r
  F_DELAY_THEN,       // delay(delayMs); block()
  F_YIELD_THEN,       // yield(); block()
} fixture_kind;

typedef struct {
  const char *name;
  fixture_kind kind;
  int32_t arguments; // Kotlin parameters, function types included
  bool suspend;      // declared `suspend` (else: runBlocking)
} fixture;

static const fixture fixtures[] = {
  {"simple", F_PASS, 2, false},
  {"simpleSuspend", F_PASS, 2, true},
  {"simpleSuspendWithDelay", F_PASS_THEN_DELAY, 2, true},
  {"withLong", F_PASS, 2, false},
  {"withDouble", F_PASS, 2, false},
  {"withBoolean", F_PASS, 2, false},
  {"withString", F_PASS, 2, false},
  {"withAny", F_PASS, 2, false},
  {"withObject", F_PASS, 2, false},
  {"withOptionalInt", F_PASS, 2, false},
  {"withOptionalString", F_PASS, 2, false},
  {"withOptionalObject", F_PASS, 2, false},
  {"withListParam", F_PASS, 2, false},
  {"withMapParam", F_PASS, 2, false},
  {"withUnitReturn", F_UNIT, 2, false},
  {"withTwoParams", F_PASS, 3, false},
  {"withThreeParams", F_PASS, 4, false},
  {"withMixedParams", F_PASS, 4, false},
  {"withNoParams", F_PASS, 1, false},
  {"withNoParamsUnit", F_UNIT, 1, false},
  {"withTwoClosures", F_TWO_CLOSURES, 3, false},
  {"withClosureChain", F_CHAIN, 2, false},
  {"nestedCall", F_NESTED, 2, false},
  {"catchingClosure", F_CATCHING, 1, false},
  {"catchingClosureWithArg", F_CATCHING, 2, false},
  {"callClosureWithDelay", F_DELAY_THEN, 2, true},
  {"callClosureCheckingCancellation", F_YIELD_THEN, 1, true},
  {"callClosureInNewScope", F_PASS, 1, false},
  {"cancelClosureFromKotlin", F_TIMEOUT, 1, false},
  {"cancelClosureWithArgFromKotlin", F_TIMEOUT_WITH_ARG, 2, false},
  {"closureCallingKotlin", F_CALLING_KOTLIN, 1, false},
  {"closureCalledMultipleTimes", F_MULTIPLE, 2, false},
  {"closureNeverCalled", F_NEVER, 2, false},
};

typedef struct {
  const fixture *fixture;
  ks_value args[4];
  int32_t count;
  int label;
  int32_t index;    // F_CHAIN, F_NESTED, F_MULTIPLE: the next call
  int32_t sum;      // Kotlin Int arithmetic (wraps)
  ks_value current; // F_TWO_CLOSURES, F_CHAIN: the value passed on
  ks_await await;
} fixture_state;

static void fixture_destroy(void *raw) {
  fixture_state *state = raw;
  for (int32_t i = 0; i < state->count; i++) ks_value_destroy(&state->args[i]);
  ks_value_destroy(&state->current);
  ks_await_reset(&state->await);
  free(state);
}

static ks_object *class_cast(const char *message) { return ks_throwable_new_named("kotlin.ClassCastException", message); }

static ks_value text_value(const char *text) { return ks_value_string(text, (int32_t)strlen(text)); }

// The function-typed argument at `index`, or NULL (a null or a non-function value).
static ks_function *function_at(fixture_state *state, int32_t index) { return ks_function_of(&state->args[index]); }

static int32_t int_at(fixture_state *state, int32_t index) { return state->args[index].as.i; }

// Copies of the arguments before `end`, for a call.
static int32_t copy_args(fixture_state *state, int32_t begin, int32_t end, ks_value *out) {
  for (int32_t i = begin; i < end; i++) out[i - begin] = ks_value_copy(&state->args[i]);
  return end - begin;
}

// One awaited call; on DONE the await is reset for the next one.
static ks_await_status await_call(fixture_state *state, ks_job *job, ks_function *function, ks_value *args,
                                  int32_t count, bool cancelled, int64_t timeout, ks_step *kind, ks_value *result,
                                  ks_object **throwable, bool *timed_out) {
  if (function == NULL) {
    for (int32_t i = 0; i < count; i++) ks_value_destroy(&args[i]);
    *throwable = ks_throwable_new_named("kotlin.NullPointerException", "a function argument is null");
    *kind = KS_STEP_FAIL;
    return KS_AWAIT_DONE;
  }
  ks_await_status status =
    ks_await_step(&state->await, job, function, args, count, cancelled, timeout, kind, result, throwable, timed_out);
  if (status == KS_AWAIT_DONE) ks_await_reset(&state->await);
  return status;
}

// `"$value"` of an Int result (catchingClosure).
static ks_value int_text(const ks_value *value) {
  char text[32];
  if (value->kind == shared_ValueKind_int)
    snprintf(text, sizeof text, "%" PRId32, value->as.i);
  else
    snprintf(text, sizeof text, "null");
  return text_value(text);
}

static ks_value caught_text(ks_object *throwable) {
  const char *message = throwable == NULL ? NULL : ks_throwable_message(throwable);
  bool exception = throwable == NULL || ks_is_instance(throwable, &ks_type_exception);
  const char *prefix = exception ? "caught: " : "caught throwable: ";
  const char *shown = message == NULL ? "null" : message;
  size_t length = strlen(prefix) + strlen(shown) + 1;
  char *text = ks_malloc(length);
  snprintf(text, length, "%s%s", prefix, shown);
  ks_value value = text_value(text);
  free(text);
  return value;
}

static ks_value completed_text(const ks_value *value) {
  char text[48];
  snprintf(text, sizeof text, "completed: %" PRId32, value->kind == shared_ValueKind_int ? value->as.i : 0);
  return text_value(text);
}

// Adds an Int result to the sum; false (with *throwable) for a value that is not an Int.
static bool add_int(fixture_state *state, ks_value *value, ks_object **throwable) {
  bool ok = value->kind == shared_ValueKind_int;
  if (ok)
    state->sum = (int32_t)((uint32_t)state->sum + (uint32_t)value->as.i);
  else
    *throwable = class_cast("the closure did not return an Int");
  ks_value_destroy(value);
  return ok;
}

#define AWAIT(function, args, count, timeout)                                                                          \
  do {                                                                                                                 \
    if (await_call(state, job, (function), (args), (count), cancelled, (timeout), &kind, &value, throwable,           \
                   &timed_out) == KS_AWAIT_SUSPENDED)                                                                  \
      return KS_STEP_SUSPEND;                                                                                          \
    cancelled = false;                                                                                                 \
  } while (0)

static ks_step fixture_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  fixture_state *state = raw;
  ks_job *job = ks_call_job(call);
  ks_step kind = KS_STEP_COMPLETE;
  ks_value value = ks_value_null();
  bool timed_out = false;
  ks_value args[4];
  int32_t last = state->count - 1; // the block is the last parameter
  switch (state->fixture->kind) {
  case F_PASS:
  case F_UNIT:
  case F_CATCHING:
    AWAIT(function_at(state, last), args, state->await.phase == 0 ? copy_args(state, 0, last, args) : 0, 0);
    if (state->fixture->kind == F_CATCHING) {
      if (kind == KS_STEP_COMPLETE)
        *result = int_text(&value);
      else
        *result = caught_text(*throwable); // CancellationException is an Exception too
      ks_value_destroy(&value);
      ks_release(*throwable);
      *throwable = NULL;
      return KS_STEP_COMPLETE;
    }
    if (kind != KS_STEP_COMPLETE) return kind;
    if (state->fixture->kind == F_UNIT) {
      ks_value_destroy(&value);
      value = text_value("completed");
    }
    *result = value;
    return KS_STEP_COMPLETE;

  case F_NEVER:
    if (!state->args[0].as.boolean) {
      *result = ks_value_int(-1);
      return KS_STEP_COMPLETE;
    }
    AWAIT(function_at(state, 1), args, 0, 0);
    if (kind == KS_STEP_COMPLETE) *result = value;
    return kind;

  case F_TWO_CLOSURES:
    if (state->label == 0) {
      if (state->await.phase == 0) args[0] = ks_value_copy(&state->args[0]);
      AWAIT(function_at(state, 1), args, state->await.phase == 0 ? 1 : 0, 0);
      if (kind != KS_STEP_COMPLETE) return kind;
      state->current = value;
      state->label = 1;
    }
    if (state->await.phase == 0) {
      args[0] = state->current;
      state->current = ks_value_null();
    }
    AWAIT(function_at(state, 2), args, state->await.phase == 0 ? 1 : 0, 0);
    if (kind == KS_STEP_COMPLETE) *result = value;
    return kind;

  case F_CHAIN: {
    if (state->label == 0) {
      state->current = ks_value_copy(&state->args[0]);
      state->label = 1;
    }
    const ks_value *list = &state->args[1];
    int32_t length = list->kind == shared_ValueKind_list ? list->count : 0;
    while (state->index < length) {
      if (state->await.phase == 0) {
        args[0] = state->current;
        state->current = ks_value_null();
      }
      AWAIT(ks_function_of(&list->as.list[state->index]), args, state->await.phase == 0 ? 1 : 0, 0);
      if (kind != KS_STEP_COMPLETE) return kind;
      state->current = value;
      state->index++;
    }
    *result = state->current;
    state->current = ks_value_null();
    return KS_STEP_COMPLETE;
  }

  case F_NESTED: // runBlocking inside runBlocking, flattened: the same calls in the same order
  case F_MULTIPLE: {
    bool nested = state->fixture->kind == F_NESTED;
    if (state->label == 0) {
      state->index = nested ? int_at(state, 0) : 0;
      state->label = 1;
    }
    for (;;) {
      bool more = nested ? state->index >= 0 : state->index < int_at(state, 0);
      if (!more) break;
      args[0] = ks_value_int(state->index);
      AWAIT(function_at(state, 1), args, state->await.phase == 0 ? 1 : 0, 0);
      if (kind != KS_STEP_COMPLETE) return kind;
      if (!add_int(state, &value, throwable)) return KS_STEP_FAIL;
      state->index += nested ? -1 : 1;
      if (nested && state->index < 0) break;
    }
    *result = ks_value_int(state->sum);
    return KS_STEP_COMPLETE;
  }

  case F_TIMEOUT:
  case F_TIMEOUT_WITH_ARG: {
    bool with_arg = state->fixture->kind == F_TIMEOUT_WITH_ARG;
    int64_t timeout = with_arg ? 100 : 3000;
    int64_t delay = with_arg ? state->args[0].as.l : 0;
    if (state->label == 0) {
      state->label = 1;
      if (delay > 0) { // delay(delayMs) inside the timeout
        ks_job_delay(job, delay < timeout ? delay : timeout);
        return KS_STEP_SUSPEND;
      }
    }
    if (state->label == 1) {
      if (cancelled) return KS_STEP_CANCELLED;
      if (delay >= timeout) {
        *result = text_value("timed_out");
        return KS_STEP_COMPLETE;
      }
      state->label = 2;
    }
    int64_t left = timeout - (delay > 0 ? delay : 0);
    if (state->await.phase == 0 && with_arg) args[0] = ks_value_int(42);
    AWAIT(function_at(state, with_arg ? 1 : 0), args, state->await.phase == 0 && with_arg ? 1 : 0, left);
    if (timed_out) {
      *result = text_value("timed_out");
      return KS_STEP_COMPLETE;
    }
    if (kind != KS_STEP_COMPLETE) return kind;
    *result = completed_text(&value);
    ks_value_destroy(&value);
    return KS_STEP_COMPLETE;
  }

  case F_CALLING_KOTLIN:
    if (state->await.phase == 0) {
      ks_function *lambda = ks_lambda_new(0, KS_LAMBDA_DELAY_THEN, 42, 10); // { delay(10); 42 }
      args[0] = (ks_value){.kind = shared_ValueKind_object, .as.object = (ks_object *)lambda}; // header first
    }
    AWAIT(function_at(state, 0), args, state->await.phase == 0 ? 1 : 0, 0);
    if (kind == KS_STEP_COMPLETE) *result = value;
    return kind;

  case F_PASS_THEN_DELAY:
    if (state->label == 0) {
      if (state->await.phase == 0) args[0] = ks_value_copy(&state->args[0]);
      AWAIT(function_at(state, 1), args, state->await.phase == 0 ? 1 : 0, 0);
      if (kind != KS_STEP_COMPLETE) return kind;
      state->current = value;
      state->label = 1;
      ks_job_delay(job, 1);
      return KS_STEP_SUSPEND;
    }
    if (cancelled) return KS_STEP_CANCELLED;
    *result = state->current;
    state->current = ks_value_null();
    return KS_STEP_COMPLETE;

  case F_DELAY_THEN:
  case F_YIELD_THEN:
    if (state->label == 0) {
      state->label = 1;
      if (state->fixture->kind == F_YIELD_THEN) {
        ks_job_yield(job); // yield() throws at once in a cancelled job
        return KS_STEP_SUSPEND;
      }
      if (state->args[0].as.l > 0) {
        ks_job_delay(job, state->args[0].as.l);
        return KS_STEP_SUSPEND;
      }
    }
    if (state->label == 1) {
      if (cancelled) return KS_STEP_CANCELLED;
      state->label = 2;
    }
    AWAIT(function_at(state, state->count - 1), args, 0, 0);
    if (kind == KS_STEP_COMPLETE) *result = value;
    return kind;
  }
  return KS_STEP_FAIL;
}

static const ks_call_body fixture_body = {.step = fixture_step, .destroy_state = fixture_destroy};

static const fixture *find_fixture(const char *name, const char *caller) {
  if (name != NULL)
    for (size_t i = 0; i < sizeof fixtures / sizeof fixtures[0]; i++)
      if (strcmp(fixtures[i].name, name) == 0) return &fixtures[i];
  ks_misuse("%s: closures.kt has no function named %s", caller, name == NULL ? "(NULL)" : name);
  return NULL;
}

// Imports the arguments into a new state; NULL (with *status) on misuse.
static fixture_state *new_state(const fixture *fixture, const shared_Value *arguments, int32_t count,
                                shared_Status *status, const char *caller) {
  if (count != fixture->arguments || (count > 0 && arguments == NULL)) {
    ks_misuse("%s: %s takes %d arguments, got %d", caller, fixture->name, fixture->arguments, count);
    *status = shared_Status_invalidArgument;
    return NULL;
  }
  fixture_state *state = ks_calloc(1, sizeof(fixture_state));
  state->fixture = fixture;
  state->current = ks_value_null();
  state->await.lambda_result = ks_value_null();
  for (int32_t i = 0; i < count; i++) {
    shared_Status imported = ks_value_import(&arguments[i], &state->args[i]);
    if (imported != shared_Status_ok) {
      state->count = i;
      fixture_destroy(state);
      *status = imported;
      return NULL;
    }
    state->count = i + 1;
  }
  return state;
}

shared_Call shared_closures_call(const char *function, const shared_Value *arguments, int32_t count,
                                 shared_Continuation continuation, shared_Status *status) {
  shared_Status ignored;
  if (status == NULL) status = &ignored;
  const fixture *fixture = find_fixture(function, "shared_closures_call");
  if (fixture == NULL || !fixture->suspend) {
    if (fixture != NULL) ks_misuse("shared_closures_call: %s is not a suspend function; use runBlocking", function);
    *status = shared_Status_invalidArgument;
    return (shared_Call){NULL};
  }
  fixture_state *state = new_state(fixture, arguments, count, status, "shared_closures_call");
  if (state == NULL) return (shared_Call){NULL};
  return ks_call_start(&fixture_body, state, continuation, status);
}

// --- runBlocking ----------------------------------------------------------------------------------

typedef struct {
  pthread_mutex_t lock;
  pthread_cond_t done_changed;
  bool done;
  int32_t kind;
  ks_value result;
  char *failure; // class and message of an uncaught exception
} blocking_wait;

// Drops the object krefs inside a value the runtime handed over (owned by the receiver).
static void dispose_krefs(const shared_Value *value) {
  if (value->kind == shared_ValueKind_object && value->as.object != NULL)
    shared_symbols()->DisposeStablePointer(value->as.object);
  else if (value->kind == shared_ValueKind_list || value->kind == shared_ValueKind_map)
    for (int64_t i = 0; i < ks_shared_value_slots(value); i++) dispose_krefs(&value->as.list[i]);
}

// Imports a value the runtime handed over: the import retains its objects, the krefs are dropped.
static void take_value(const shared_Value *in, ks_value *out) {
  if (ks_value_import(in, out) != shared_Status_ok) *out = ks_value_null();
  dispose_krefs(in);
}

static void blocking_resume(void *context, const shared_Outcome *outcome) {
  blocking_wait *wait = context;
  ks_value result = ks_value_null();
  char *failure = NULL;
  if (outcome->kind == shared_TerminalKind_completed) take_value(&outcome->value, &result);
  if (outcome->kind == shared_TerminalKind_failed) {
    ks_object *throwable = ks_kref_resolve(outcome->throwable.pinned, &ks_type_throwable, "runBlocking");
    const char *message = throwable == NULL ? NULL : ks_throwable_message(throwable);
    const char *name = throwable == NULL ? "kotlin.Throwable" : throwable->type->name;
    size_t length = strlen(name) + (message == NULL ? 4 : strlen(message)) + 3;
    failure = ks_malloc(length);
    snprintf(failure, length, "%s: %s", name, message == NULL ? "null" : message);
    ks_release(throwable);
    shared_symbols()->DisposeStablePointer(outcome->throwable.pinned);
  }
  pthread_mutex_lock(&wait->lock);
  wait->kind = outcome->kind;
  wait->result = result;
  wait->failure = failure;
  wait->done = true;
  pthread_cond_broadcast(&wait->done_changed);
  pthread_mutex_unlock(&wait->lock);
}

shared_Status shared_closures_runBlocking(const char *function, const shared_Value *arguments, int32_t count,
                                          shared_Value *result) {
  if (result == NULL) {
    ks_misuse("shared_closures_runBlocking: `result` is NULL");
    return shared_Status_nullArgument;
  }
  *result = (shared_Value){.kind = shared_ValueKind_null};
  if (ks_on_worker_thread()) {
    ks_misuse("shared_closures_runBlocking(%s) on a Kotlin worker thread would block it; call it from your own thread",
              function == NULL ? "(NULL)" : function);
    return shared_Status_invalidArgument;
  }
  const fixture *fixture = find_fixture(function, "shared_closures_runBlocking");
  if (fixture == NULL || fixture->suspend) {
    if (fixture != NULL) ks_misuse("shared_closures_runBlocking: %s is a suspend function", function);
    return shared_Status_invalidArgument;
  }
  shared_Status status = shared_Status_ok;
  fixture_state *state = new_state(fixture, arguments, count, &status, "shared_closures_runBlocking");
  if (state == NULL) return status;
  blocking_wait wait = {.done = false, .result = ks_value_null()};
  ks_mutex_init(&wait.lock);
  pthread_cond_init(&wait.done_changed, NULL);
  shared_Continuation continuation = {.context = &wait, .resume = blocking_resume, .callerCancelled = false};
  shared_Call call = ks_call_start(&fixture_body, state, continuation, &status);
  if (call.pinned != NULL) {
    pthread_mutex_lock(&wait.lock);
    while (!wait.done) pthread_cond_wait(&wait.done_changed, &wait.lock);
    pthread_mutex_unlock(&wait.lock);
    shared_Call_release(call);
    if (wait.kind == shared_TerminalKind_completed) {
      ks_value_export(&wait.result, result, true);
    } else {
      ks_misuse("%s: runBlocking ended with an uncaught %s", function,
                wait.failure != NULL ? wait.failure : "kotlinx.coroutines.CancellationException");
    }
  }
  ks_value_destroy(&wait.result);
  free(wait.failure);
  pthread_cond_destroy(&wait.done_changed);
  pthread_mutex_destroy(&wait.lock);
  return status;
}

// --- functions returning lambdas ------------------------------------------------------------------

static ks_value lambda_value(ks_lambda_op op, int32_t operand, int64_t delay) {
  ks_function *lambda = ks_lambda_new(op == KS_LAMBDA_DELAY_THEN ? 0 : 1, op, operand, delay);
  return (ks_value){.kind = shared_ValueKind_object, .as.object = (ks_object *)lambda}; // takes the reference
}

shared_Status shared_closures_produce(const char *function, shared_Value *out) {
  if (out == NULL || function == NULL) {
    ks_misuse("shared_closures_produce: a NULL argument");
    return shared_Status_nullArgument;
  }
  ks_value list = {.kind = shared_ValueKind_list};
  if (strcmp(function, "produceClosureList") == 0) {
    list.count = 3;
    list.as.list = ks_calloc(3, sizeof(ks_value));
    list.as.list[0] = lambda_value(KS_LAMBDA_ADD, 1, 0);
    list.as.list[1] = lambda_value(KS_LAMBDA_MULTIPLY, 2, 0);
    list.as.list[2] = lambda_value(KS_LAMBDA_ADD, 10, 0);
  } else if (strcmp(function, "produceNullableClosureList") == 0) {
    list.count = 2;
    list.as.list = ks_calloc(2, sizeof(ks_value));
    list.as.list[0] = ks_value_null();
    list.as.list[1] = lambda_value(KS_LAMBDA_IDENTITY, 0, 0);
  } else if (strcmp(function, "testPrimitiveProducedLambda") == 0) {
    ks_value lambda = lambda_value(KS_LAMBDA_DELAY_THEN, 42, 33); // ::testPrimitive: delay(33); 42
    ks_value_export(&lambda, out, true);
    ks_value_destroy(&lambda);
    return shared_Status_ok;
  } else {
    ks_misuse("shared_closures_produce: no function named %s", function);
    return shared_Status_invalidArgument;
  }
  ks_value_export(&list, out, true);
  ks_value_destroy(&list);
  return shared_Status_ok;
}
