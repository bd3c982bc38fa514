// Suspend functions of package `fixtures`, each lowered to a state machine. `label` is the
// suspension point the body is resumed at; when `cancelled` is true, that suspension point throws
// CancellationException (label 0 is the first suspension the body reaches). Bodies start even when
// their call was cancelled before a worker picked them up, so they always run up to their first
// suspension: what a caller observes is deterministic.
#include "runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int label;
  int64_t delay_millis;
  char *text;             // name / message
  shared_IntBlock block;  // callAfter / cancelSilentlyAfter
  shared_UnitBlock unit;  // withFinally
  // collectInKotlin
  ks_object *flow;
  int32_t count;
  ks_collection *inner;
  pthread_mutex_t lock; // guards the fields below, written by the inner collection's callbacks
  ks_value items;       // list collected so far
  bool inner_done;
  int32_t inner_kind;
  ks_object *inner_throwable;
} body_state;

static body_state *new_state(void) {
  body_state *state = ks_calloc(1, sizeof(body_state));
  ks_mutex_init(&state->lock);
  state->items = (ks_value){.kind = shared_ValueKind_list};
  return state;
}

static void destroy_state(void *raw) {
  body_state *state = raw;
  free(state->text);
  if (state->block.release != NULL) state->block.release(state->block.context);
  if (state->unit.release != NULL) state->unit.release(state->unit.context);
  ks_release(state->flow);
  if (state->inner != NULL) {
    ks_collection_release(state->inner); // the runtime-internal equivalent of shared_Collection_release
    ks_release((ks_object *)ks_collection_job(state->inner));
  }
  ks_value_destroy(&state->items);
  ks_release(state->inner_throwable);
  pthread_mutex_destroy(&state->lock);
  free(state);
}

static ks_object *illegal_state(const char *message) { return ks_throwable_new(&ks_type_illegal_state, message); }

// delay(millis) as a suspension point: `delay` with a non-positive argument returns at once, without
// suspending and without checking for cancellation (kotlinx.coroutines' documented behaviour).
static bool delay_suspends(ks_call *call, int64_t millis) {
  if (millis <= 0) return false;
  ks_job_delay(ks_call_job(call), millis);
  return true;
}

// withContext(<another dispatcher>) { value }: a hop to another worker, then the block; withContext
// throws CancellationException if the job was cancelled by the time it returns (prompt cancellation).
static ks_step hop_then(ks_call *call, body_state *state, bool cancelled, ks_value value, ks_value *result) {
  if (state->label == 0) {
    state->label = 1;
    ks_job_yield(ks_call_job(call));
    ks_value_destroy(&value);
    return KS_STEP_SUSPEND;
  }
  if (cancelled || ks_job_is_cancelled(ks_call_job(call))) {
    ks_value_destroy(&value);
    return KS_STEP_CANCELLED;
  }
  *result = value;
  return KS_STEP_COMPLETE;
}

// suspend fun answer(): Int = withContext(Dispatchers.Default) { 42 }
static ks_step answer_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  (void)throwable;
  return hop_then(call, raw, cancelled, ks_value_int(42), result);
}

// suspend fun testOnAnotherThread(): Int = withContext(newSingleThreadContext("other")) { 42 }
static ks_step on_another_thread_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable,
                                      ks_value *result) {
  (void)throwable;
  return hop_then(call, raw, cancelled, ks_value_int(42), result);
}

// suspend fun greet(name: String): String = "Hello, $name!"   (no suspension point)
static ks_step greet_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  (void)call, (void)cancelled, (void)throwable;
  body_state *state = raw;
  size_t length = strlen(state->text) + 9;
  char *text = ks_malloc(length);
  snprintf(text, length, "Hello, %s!", state->text);
  *result = ks_value_string(text, (int32_t)strlen(text));
  free(text);
  return KS_STEP_COMPLETE;
}

// suspend fun testPrimitive(): Int { delay(33); return 42 }            (count == 0)
// suspend fun testAny(): Any { delay(33); return Foo }                  (count == 1)
// suspend fun testObject(): Foo { delay(33); return Foo }               (count == 2)
// suspend fun testCustom(): String { delay(33); return "Hello, World!" } (count == 3)
static ks_step foo_result_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  (void)throwable;
  body_state *state = raw;
  if (state->label == 0) {
    state->label = 1;
    if (delay_suspends(call, 33)) return KS_STEP_SUSPEND;
  }
  if (cancelled) return KS_STEP_CANCELLED;
  static const char custom[] = "Hello, World!";
  switch (state->count) {
  case 0: *result = ks_value_int(42); break;
  case 3: *result = ks_value_string(custom, (int32_t)strlen(custom)); break;
  default: *result = ks_value_object(ks_foo()); break;
  }
  return KS_STEP_COMPLETE;
}

// suspend fun callAfter(delayMillis: Long, block: () -> Int): Int { delay(delayMillis); return block() }
static ks_step call_after_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  (void)throwable;
  body_state *state = raw;
  if (state->label == 0) {
    state->label = 1;
    if (delay_suspends(call, state->delay_millis)) return KS_STEP_SUSPEND;
  }
  if (cancelled) return KS_STEP_CANCELLED;
  *result = ks_value_int(state->block.invoke(state->block.context));
  return KS_STEP_COMPLETE;
}

// suspend fun cancelAfter(delayMillis: Long): Int { delay(delayMillis); coroutineContext.cancel(); awaitCancellation() }
// suspend fun cancelAfterAndSuspend(delay: Long): Long  — the same body, declared with a Long result
static ks_step cancel_after_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  (void)throwable, (void)result;
  body_state *state = raw;
  if (state->label == 0) {
    state->label = 1;
    if (delay_suspends(call, state->delay_millis)) return KS_STEP_SUSPEND;
  }
  if (cancelled) return KS_STEP_CANCELLED;
  if (state->label == 2) return KS_STEP_CANCELLED; // resumed from awaitCancellation: always cancelled
  state->label = 2;
  ks_job_cancel_self(ks_call_job(call));
  ks_job_await_signal(ks_call_job(call)); // awaitCancellation(): throws at once, the job is cancelled
  return KS_STEP_SUSPEND;
}

// suspend fun cancelImmediately(): Int { currentCoroutineContext().cancel(); awaitCancellation() }
static ks_step cancel_immediately_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable,
                                       ks_value *result) {
  (void)throwable, (void)result, (void)cancelled;
  body_state *state = raw;
  if (state->label == 1) return KS_STEP_CANCELLED;
  state->label = 1;
  ks_job_cancel_self(ks_call_job(call));
  ks_job_await_signal(ks_call_job(call));
  return KS_STEP_SUSPEND;
}

// suspend fun cancelSilentlyAfter(delayMillis: Long, block: () -> Int): Int {
//   delay(delayMillis); coroutineContext.cancel(); return block() }
static ks_step cancel_silently_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable,
                                    ks_value *result) {
  (void)throwable;
  body_state *state = raw;
  if (state->label == 0) {
    state->label = 1;
    if (delay_suspends(call, state->delay_millis)) return KS_STEP_SUSPEND;
  }
  if (cancelled) return KS_STEP_CANCELLED;
  ks_job_cancel_self(ks_call_job(call));
  *result = ks_value_int(state->block.invoke(state->block.context));
  return KS_STEP_COMPLETE; // the caller receives 42, and its task is cancelled (cancelsCaller)
}

// suspend fun timeout(timeMillis: Long): Int = withTimeout(timeMillis) { awaitCancellation() }
// The timeout throws TimeoutCancellationException out of the body; the job itself is not cancelled.
static ks_step timeout_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  (void)throwable, (void)result, (void)cancelled;
  body_state *state = raw;
  if (state->label == 0) {
    state->label = 1;
    if (delay_suspends(call, state->delay_millis)) return KS_STEP_SUSPEND; // the timeout's timer
  }
  return KS_STEP_CANCELLED; // timed out (or cancelled by the caller while waiting)
}

// suspend fun throwAfter(delayMillis: Long, message: String): Int { delay(delayMillis); throw IllegalStateException(message) }
static ks_step throw_after_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  (void)result;
  body_state *state = raw;
  if (state->label == 0) {
    state->label = 1;
    if (delay_suspends(call, state->delay_millis)) return KS_STEP_SUSPEND;
  }
  if (cancelled) return KS_STEP_CANCELLED;
  *throwable = illegal_state(state->text);
  return KS_STEP_FAIL;
}

// suspend fun throwImmediately(message: String): Int = throw IllegalStateException(message)
static ks_step throw_now_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  (void)call, (void)cancelled, (void)result;
  body_state *state = raw;
  *throwable = illegal_state(state->text);
  return KS_STEP_FAIL;
}

// kotlin.Error: a Throwable that is not an Exception.
static const shared_KType error_type = {"kotlin.Error", &ks_type_throwable};

// suspend fun throwNonException(message: String): Int = throw Error(message)
static ks_step throw_error_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  (void)call, (void)cancelled, (void)result;
  body_state *state = raw;
  *throwable = ks_throwable_new(&error_type, state->text);
  return KS_STEP_FAIL;
}

// suspend fun throwInFinally(message: String): Int { try { return 1 } finally { throw IllegalStateException(message) } }
static ks_step throw_in_finally_always_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable,
                                            ks_value *result) {
  (void)call, (void)cancelled, (void)result;
  body_state *state = raw;
  *throwable = illegal_state(state->text); // the exception from `finally` replaces the result
  return KS_STEP_FAIL;
}

// suspend fun neverCompletes(): Int = awaitCancellation()
static ks_step never_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  (void)throwable, (void)result, (void)cancelled;
  body_state *state = raw;
  if (state->label == 1) return KS_STEP_CANCELLED; // only cancellation resumes it
  state->label = 1;
  ks_job_await_signal(ks_call_job(call)); // nobody signals it
  return KS_STEP_SUSPEND;
}

// suspend fun withFinally(delayMillis: Long, onFinally: () -> Unit): Int =
//   try { delay(delayMillis); 67 } finally { onFinally() }
// (upstream name: finallyDelayInt(delay:onFinally:))
static ks_step with_finally_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable,
                                 ks_value *result) {
  (void)throwable;
  body_state *state = raw;
  if (state->label == 0) {
    state->label = 1;
    if (delay_suspends(call, state->delay_millis)) return KS_STEP_SUSPEND;
  }
  state->unit.invoke(state->unit.context); // finally
  if (cancelled) return KS_STEP_CANCELLED;
  *result = ks_value_int(67);
  return KS_STEP_COMPLETE;
}

// suspend fun throwInFinallyOnCancel(delayMillis: Long, message: String): Int {
//   var cancelled = true
//   try { delay(delayMillis); cancelled = false; return 1 }
//   finally { if (cancelled) throw IllegalStateException(message) } }
// (upstream name: cancelledWithThrowInFinally(delay:message:))
static ks_step throw_in_finally_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable,
                                     ks_value *result) {
  body_state *state = raw;
  if (state->label == 0) {
    state->label = 1;
    if (delay_suspends(call, state->delay_millis)) return KS_STEP_SUSPEND;
  }
  if (cancelled) {
    *throwable = illegal_state(state->text); // an exception in `finally` replaces the cancellation
    return KS_STEP_FAIL;
  }
  *result = ks_value_int(1);
  return KS_STEP_COMPLETE;
}

// MutableStateFlow.emit(value) { this.value = value }: no suspension point, so no cancellation check.
typedef struct {
  ks_state_flow *flow;
  ks_value value;
} state_emit;

static ks_step state_emit_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  (void)call, (void)cancelled, (void)throwable;
  state_emit *state = raw;
  ks_state_flow_set(state->flow, &state->value);
  *result = ks_value_unit();
  return KS_STEP_COMPLETE;
}

static void state_emit_destroy(void *raw) {
  state_emit *state = raw;
  ks_value_destroy(&state->value);
  ks_release((ks_object *)state->flow);
  free(state);
}

static const ks_call_body state_emit_body = {.step = state_emit_step, .destroy_state = state_emit_destroy};

shared_Call ks_state_flow_emit_call(ks_state_flow *flow, ks_value *value, shared_Continuation continuation,
                                    shared_Status *status) {
  state_emit *state = ks_calloc(1, sizeof(state_emit));
  state->flow = (ks_state_flow *)ks_retain((ks_object *)flow);
  state->value = *value;
  *value = ks_value_null();
  return ks_call_start(&state_emit_body, state, continuation, status);
}

// --- suspend fun collectInKotlin(flow: Flow<Elem>, count: Int): List<Elem> = flow.take(count).toList()

typedef struct {
  ks_call *call; // retained by the inner collection's context
  body_state *state;
} inner_context;

static void inner_items(void *raw, ks_value *items, int32_t n) {
  inner_context *context = raw;
  body_state *state = context->state;
  pthread_mutex_lock(&state->lock);
  ks_value *list = &state->items;
  int32_t take = n;
  if (list->count + take > state->count) take = state->count - list->count;
  list->as.list = ks_realloc(list->as.list, (size_t)(list->count + take) * sizeof(ks_value));
  for (int32_t i = 0; i < take; i++) list->as.list[list->count++] = items[i];
  bool enough = list->count >= state->count;
  pthread_mutex_unlock(&state->lock);
  for (int32_t i = take; i < n; i++) ks_value_destroy(&items[i]);
  // take(count): once enough items arrived, cancel the upstream (its `finally` runs); else ask again.
  if (enough)
    ks_collection_cancel(state->inner);
  else
    ks_collection_request(state->inner);
}

static void inner_terminal(void *raw, int32_t kind, ks_object *throwable) {
  inner_context *context = raw;
  body_state *state = context->state;
  pthread_mutex_lock(&state->lock);
  state->inner_done = true;
  state->inner_kind = kind;
  state->inner_throwable = throwable;
  pthread_mutex_unlock(&state->lock);
  ks_job *job = ks_call_job(context->call);
  ks_job_signal(job);
  ks_release(&job->header);
  free(context);
}

static ks_step collect_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  body_state *state = raw;
  ks_job *job = ks_call_job(call);
  if (state->label == 0) {
    if (state->count <= 0) {
      char message[96];
      snprintf(message, sizeof message, "Requested element count %d should be positive", state->count);
      *throwable = ks_throwable_new(&ks_type_illegal_argument, message);
      return KS_STEP_FAIL;
    }
    state->label = 1;
    inner_context *context = ks_calloc(1, sizeof(inner_context));
    context->call = call;
    context->state = state;
    ks_retain(&job->header);
    ks_internal_collector collector = {.context = context, .on_items = inner_items, .on_terminal = inner_terminal};
    shared_Status status;
    ks_job_await_signal(job);
    state->inner = ks_collection_start(state->flow, (shared_BufferPolicy){shared_BufferKind_rendezvous, 0}, NULL,
                                       &collector, &status);
    ks_collection_request(state->inner);
    if (cancelled) ks_collection_cancel(state->inner);
    return KS_STEP_SUSPEND;
  }
  if (cancelled) ks_collection_cancel(state->inner); // cancel the child, then wait for it to finish
  ks_job_await_signal(job);
  pthread_mutex_lock(&state->lock);
  bool done = state->inner_done;
  int32_t kind = state->inner_kind;
  ks_object *failure = state->inner_throwable;
  state->inner_throwable = NULL;
  pthread_mutex_unlock(&state->lock);
  if (!done) return KS_STEP_SUSPEND;
  if (kind == shared_TerminalKind_failed) {
    *throwable = failure;
    return KS_STEP_FAIL;
  }
  if (ks_job_is_cancelled(job)) return KS_STEP_CANCELLED;
  *result = state->items;
  state->items = (ks_value){.kind = shared_ValueKind_list};
  return KS_STEP_COMPLETE;
}

// --- the exported entry points --------------------------------------------------------------------

#define BODY(name, fn) static const ks_call_body name = {.step = fn, .destroy_state = destroy_state}
BODY(answer_body, answer_step);
BODY(on_another_thread_body, on_another_thread_step);
BODY(foo_result_body, foo_result_step);
BODY(cancel_immediately_body, cancel_immediately_step);
BODY(timeout_body, timeout_step);
BODY(throw_error_body, throw_error_step);
BODY(throw_in_finally_always_body, throw_in_finally_always_step);
BODY(greet_body, greet_step);
BODY(call_after_body, call_after_step);
BODY(cancel_after_body, cancel_after_step);
BODY(cancel_silently_body, cancel_silently_step);
BODY(throw_after_body, throw_after_step);
BODY(throw_now_body, throw_now_step);
BODY(never_body, never_step);
BODY(with_finally_body, with_finally_step);
BODY(throw_in_finally_body, throw_in_finally_step);
BODY(collect_body, collect_step);

static bool refuse(shared_Status *status, shared_Status code) {
  if (status != NULL) *status = code;
  return false;
}

// `delay` with a negative argument returns at once in Kotlin (see delay_suspends): accepted.
static bool check_delay(const char *function, int64_t millis, shared_Status *status) {
  (void)function, (void)millis, (void)status;
  return true;
}

static bool check_text(const char *function, const char *what, const char *text, shared_Status *status) {
  if (text != NULL) return true;
  ks_misuse("%s: `%s` is NULL; pass a UTF-8 string", function, what);
  return refuse(status, shared_Status_nullArgument);
}

static bool check_block(const char *function, const void *invoke, shared_Status *status) {
  if (invoke != NULL) return true;
  ks_misuse("%s: the lambda's `invoke` is NULL", function);
  return refuse(status, shared_Status_nullArgument);
}

static void drop_int_block(shared_IntBlock block) {
  if (block.release != NULL) block.release(block.context);
}

shared_Call shared_fixtures_answer(shared_Continuation continuation, shared_Status *status) {
  return ks_call_start(&answer_body, new_state(), continuation, status);
}

shared_Call shared_fixtures_greet(const char *name, shared_Continuation continuation, shared_Status *status) {
  if (!check_text("shared_fixtures_greet", "name", name, status)) return (shared_Call){NULL};
  body_state *state = new_state();
  state->text = ks_strdup(name);
  return ks_call_start(&greet_body, state, continuation, status);
}

static shared_Call start_with_block(const ks_call_body *body, const char *function, shared_KLong delay,
                                    shared_IntBlock block, shared_Continuation continuation, shared_Status *status) {
  if (!check_block(function, (const void *)block.invoke, status) || !check_delay(function, delay, status)) {
    drop_int_block(block); // Kotlin would never have received the lambda; give it back
    return (shared_Call){NULL};
  }
  body_state *state = new_state();
  state->delay_millis = delay;
  state->block = block;
  return ks_call_start(body, state, continuation, status);
}

shared_Call shared_fixtures_callAfter(shared_KLong delayMillis, shared_IntBlock block, shared_Continuation continuation,
                                      shared_Status *status) {
  return start_with_block(&call_after_body, "shared_fixtures_callAfter", delayMillis, block, continuation, status);
}

shared_Call shared_fixtures_cancelSilentlyAfter(shared_KLong delayMillis, shared_IntBlock block,
                                                shared_Continuation continuation, shared_Status *status) {
  return start_with_block(&cancel_silently_body, "shared_fixtures_cancelSilentlyAfter", delayMillis, block,
                          continuation, status);
}

shared_Call shared_fixtures_cancelAfter(shared_KLong delayMillis, shared_Continuation continuation,
                                        shared_Status *status) {
  if (!check_delay("shared_fixtures_cancelAfter", delayMillis, status)) return (shared_Call){NULL};
  body_state *state = new_state();
  state->delay_millis = delayMillis;
  return ks_call_start(&cancel_after_body, state, continuation, status);
}

static shared_Call start_with_message(const ks_call_body *body, const char *function, shared_KLong delay,
                                      const char *message, shared_Continuation continuation, shared_Status *status) {
  if (!check_text(function, "message", message, status) || !check_delay(function, delay, status))
    return (shared_Call){NULL};
  body_state *state = new_state();
  state->delay_millis = delay;
  state->text = ks_strdup(message);
  return ks_call_start(body, state, continuation, status);
}

shared_Call shared_fixtures_throwAfter(shared_KLong delayMillis, const char *message, shared_Continuation continuation,
                                       shared_Status *status) {
  return start_with_message(&throw_after_body, "shared_fixtures_throwAfter", delayMillis, message, continuation,
                            status);
}

shared_Call shared_fixtures_throwImmediately(const char *message, shared_Continuation continuation,
                                             shared_Status *status) {
  return start_with_message(&throw_now_body, "shared_fixtures_throwImmediately", 0, message, continuation, status);
}

shared_Call shared_fixtures_throwInFinallyOnCancel(shared_KLong delayMillis, const char *message,
                                                   shared_Continuation continuation, shared_Status *status) {
  return start_with_message(&throw_in_finally_body, "shared_fixtures_throwInFinallyOnCancel", delayMillis, message,
                            continuation, status);
}

shared_Call shared_fixtures_neverCompletes(shared_Continuation continuation, shared_Status *status) {
  return ks_call_start(&never_body, new_state(), continuation, status);
}

shared_Call shared_fixtures_withFinally(shared_KLong delayMillis, shared_UnitBlock onFinally,
                                        shared_Continuation continuation, shared_Status *status) {
  if (!check_block("shared_fixtures_withFinally", (const void *)onFinally.invoke, status) ||
      !check_delay("shared_fixtures_withFinally", delayMillis, status)) {
    if (onFinally.release != NULL) onFinally.release(onFinally.context);
    return (shared_Call){NULL};
  }
  body_state *state = new_state();
  state->delay_millis = delayMillis;
  state->unit = onFinally;
  return ks_call_start(&with_finally_body, state, continuation, status);
}

shared_Call shared_fixtures_collectInKotlin(shared_kref_kotlinx_coroutines_flow_Flow flow, shared_KInt count,
                                            shared_Continuation continuation, shared_Status *status) {
  shared_Status resolved;
  ks_object *object =
    ks_kref_resolve_status(flow.pinned, &ks_type_flow, "shared_fixtures_collectInKotlin(flow)", &resolved);
  if (object == NULL) {
    refuse(status, resolved);
    return (shared_Call){NULL};
  }
  body_state *state = new_state();
  state->flow = object;
  state->count = count;
  return ks_call_start(&collect_body, state, continuation, status);
}

// --- the coroutines fixtures under Swift export's test names ---------------------------------------

static shared_Call start_foo_result(int32_t variant, shared_Continuation continuation, shared_Status *status) {
  body_state *state = new_state();
  state->count = variant;
  return ks_call_start(&foo_result_body, state, continuation, status);
}

shared_Call shared_fixtures_testPrimitive(shared_Continuation continuation, shared_Status *status) {
  return start_foo_result(0, continuation, status);
}

shared_Call shared_fixtures_testAny(shared_Continuation continuation, shared_Status *status) {
  return start_foo_result(1, continuation, status);
}

shared_Call shared_fixtures_testObject(shared_Continuation continuation, shared_Status *status) {
  return start_foo_result(2, continuation, status);
}

shared_Call shared_fixtures_testCustom(shared_Continuation continuation, shared_Status *status) {
  return start_foo_result(3, continuation, status);
}

shared_Call shared_fixtures_testOnAnotherThread(shared_Continuation continuation, shared_Status *status) {
  return ks_call_start(&on_another_thread_body, new_state(), continuation, status);
}

shared_Call shared_fixtures_timeout(shared_KLong timeMillis, shared_Continuation continuation, shared_Status *status) {
  body_state *state = new_state();
  state->delay_millis = timeMillis; // withTimeout accepts any value; <= 0 times out at once
  return ks_call_start(&timeout_body, state, continuation, status);
}

shared_Call shared_fixtures_cancelImmediately(shared_Continuation continuation, shared_Status *status) {
  return ks_call_start(&cancel_immediately_body, new_state(), continuation, status);
}

shared_Call shared_fixtures_cancelAfterAndSuspend(shared_KLong delay, shared_Continuation continuation,
                                                  shared_Status *status) {
  return shared_fixtures_cancelAfter(delay, continuation, status);
}

shared_Call shared_fixtures_throwNonException(const char *message, shared_Continuation continuation,
                                              shared_Status *status) {
  return start_with_message(&throw_error_body, "shared_fixtures_throwNonException", 0, message, continuation, status);
}

shared_Call shared_fixtures_throwInFinally(const char *message, shared_Continuation continuation,
                                           shared_Status *status) {
  return start_with_message(&throw_in_finally_always_body, "shared_fixtures_throwInFinally", 0, message, continuation,
                            status);
}

shared_Call shared_fixtures_finallyDelayInt(shared_KLong delay, shared_UnitBlock onFinally,
                                            shared_Continuation continuation, shared_Status *status) {
  return shared_fixtures_withFinally(delay, onFinally, continuation, status);
}

shared_Call shared_fixtures_cancelledWithThrowInFinally(shared_KLong delay, const char *message,
                                                        shared_Continuation continuation, shared_Status *status) {
  return shared_fixtures_throwInFinallyOnCancel(delay, message, continuation, status);
}
