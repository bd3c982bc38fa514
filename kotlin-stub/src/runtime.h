// Internal interfaces of the fake Kotlin runtime. Nothing here is part of the contract; the
// contract is CInterop/include/libshared_api.h.
//
// Lock order (never take an earlier lock while holding a later one):
//   flow (state/shared) lock  ->  job lock  ->  clock lock  ->  scope lock  ->  run-queue lock
//   handle-table lock is a leaf (nothing is taken while holding it).
// No lock is ever held while a consumer callback, a Kotlin lambda or a step function runs.
#ifndef KOTLIN_STUB_RUNTIME_H
#define KOTLIN_STUB_RUNTIME_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE // pthread_setname_np, recursive/errorcheck mutex types, clock_gettime under -std=c11
#endif

#include "libshared_api.h"
#include "shared_doubles.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// ---------------------------------------------------------------------------------------------
// Types and objects

struct shared_KType {
  const char *name;                 // fully qualified Kotlin name
  const struct shared_KType *super; // superclass, NULL for kotlin.Any
};

typedef struct ks_object ks_object;
struct ks_object {
  const shared_KType *type;
  atomic_long refs;                    // internal reference count (not stable refs)
  bool permanent;                      // a Kotlin `object` singleton: never freed
  shared_KNativePtr permanent_token;   // its one permanent kref, for permanent objects
  void (*destroy)(ks_object *object);  // frees the object (after refs reach 0)
};

void ks_object_init(ks_object *object, const shared_KType *type, void (*destroy)(ks_object *));
ks_object *ks_retain(ks_object *object);
void ks_release(ks_object *object);
bool ks_is_instance(const ks_object *object, const shared_KType *type);

extern const shared_KType ks_type_any, ks_type_throwable, ks_type_exception, ks_type_runtime_exception,
  ks_type_illegal_state, ks_type_illegal_argument, ks_type_cancellation;
extern const shared_KType ks_type_flow, ks_type_shared_flow, ks_type_mutable_shared_flow, ks_type_state_flow,
  ks_type_mutable_state_flow, ks_type_readonly_state_flow, ks_type_cold_flow;
extern const shared_KType ks_type_store, ks_type_elem, ks_type_element1, ks_type_element2, ks_type_element3,
  ks_type_subject;
extern const shared_KType ks_type_collection, ks_type_call, ks_type_scope;
extern const shared_KType ks_type_foo; // fixtures.Foo (module.c)

// ---------------------------------------------------------------------------------------------
// Values (the runtime's own representation: strings and lists owned, objects retained)

typedef struct ks_value {
  int32_t kind;  // shared_ValueKind
  int32_t count; // string length / list count / map entry count
  union {
    bool boolean;
    int32_t i;
    int64_t l;
    uint32_t u;
    double d;
    char *string;
    ks_object *object;
    struct ks_value *list; // a list's items; a map's 2 * count keys and values, interleaved
  } as;
} ks_value;

_Static_assert(sizeof(ks_value) == sizeof(shared_Value), "a scalar ks_value is exported by copying its bytes");
_Static_assert(offsetof(ks_value, as) == offsetof(shared_Value, as), "same payload offset");

// Whether the value holds other values (a list or a map), and how many: a list's items, a map's keys
// and values (2 per entry, interleaved). Both keep them in `as.list`.
static inline bool ks_value_is_container(const ks_value *v) {
  return v->kind == shared_ValueKind_list || v->kind == shared_ValueKind_map;
}
// In 64 bits: a caller's shared_Value may carry any count (its values are checked on import).
static inline int64_t ks_slots_of(int32_t kind, int32_t count) {
  return kind == shared_ValueKind_map ? 2 * (int64_t)count : kind == shared_ValueKind_list ? count : 0;
}
static inline int32_t ks_value_slots(const ks_value *v) { return (int32_t)ks_slots_of(v->kind, v->count); }
static inline int64_t ks_shared_value_slots(const shared_Value *v) { return ks_slots_of(v->kind, v->count); }

// Whether the value owns nothing (no string, object, list or map): it can be copied and dropped freely.
static inline bool ks_value_is_scalar(const ks_value *v) {
  return v->kind != shared_ValueKind_string && v->kind != shared_ValueKind_object && !ks_value_is_container(v);
}

ks_value ks_value_null(void);
ks_value ks_value_unit(void);
ks_value ks_value_int(int32_t v);
ks_value ks_value_long(int64_t v);
ks_value ks_value_uint(uint32_t v);
ks_value ks_value_string(const char *utf8, int32_t length);
ks_value ks_value_object(ks_object *object); // retains
ks_value ks_value_copy(const ks_value *v);
void ks_value_destroy(ks_value *v);
// Kotlin `==`. May call a box's equals (user code): never call it while holding a lock unless
// ks_value_needs_callbacks says no.
bool ks_value_equal(const ks_value *a, const ks_value *b);
// Whether comparing `v` may call back into user code (it holds a box with an equals callback).
// What two objects must share to be equal (ks_value_equal): a box's class when the box has an
// equals (boxes of one class compare with it), else the object itself (identity). For hashing.
const void *ks_object_equality_key(const ks_object *object);
bool ks_value_needs_callbacks(const ks_value *v);
// Box equality (doubles.c): *decided is false when `a` and `b` are not boxes of one class with equals.
bool ks_box_equal(const ks_object *a, const ks_object *b, bool *decided);
// Converts a borrowed C value into a runtime value; krefs are resolved and retained.
shared_Status ks_value_import(const shared_Value *in, ks_value *out);
// Converts to C. Object krefs are always new stable refs owned by the receiver (permanent objects
// give their permanent kref). `owned`: strings are duplicated (DisposeString) rather than borrowed.
// List storage is always allocated; release it with ks_value_free_export (borrowed) or
// shared_Value_dispose (owned).
void ks_value_export(const ks_value *v, shared_Value *out, bool owned);
void ks_value_free_export(shared_Value *v);

// ---------------------------------------------------------------------------------------------
// Throwables

ks_object *ks_throwable_new(const shared_KType *type, const char *message);
// A throwable of any class name: well-known kotlin.* names get their real class, others a class of
// their own under kotlin.Exception.
ks_object *ks_throwable_new_named(const char *class_name, const char *message);
const char *ks_throwable_message(ks_object *throwable); // borrowed; NULL for a null message

// ---------------------------------------------------------------------------------------------
// Scopes, counters, misuse

typedef struct ks_scope ks_scope;
typedef struct ks_job ks_job;

typedef enum {
  KS_COUNT_REFS,
  KS_COUNT_COLLECTIONS,
  KS_COUNT_CALLS,
  KS_COUNT_MISUSES,
  KS_COUNT_COLLECTIONS_STARTED,
  KS_COUNT_FINALLY_RUNS,
  KS_COUNT_BUFFERED,
  KS_COUNT_WAITING_CONSUMERS,
  KS_COUNT_FIELDS
} ks_count_field;

ks_scope *ks_scope_root(void);
ks_scope *ks_scope_current(void);                 // never NULL (root when none is set)
// Makes `scope` the calling thread's current scope until ks_scope_leave(previous), so that a misuse
// found meanwhile is charged to it; the caller keeps `scope` alive for that long.
ks_scope *ks_scope_enter(ks_scope *scope);
// The classes of the live krefs charged to `scope`, for a leak report (handles.c).
void ks_handles_describe_refs(ks_scope *scope, char *out, size_t size);
void ks_scope_leave(ks_scope *previous);
void ks_count(ks_scope *scope, ks_count_field field, int64_t delta);
void ks_misuse(const char *format, ...) __attribute__((format(printf, 1, 2)));
void ks_scope_attach_job(ks_scope *scope, ks_job *job);
void ks_scope_detach_job(ks_scope *scope, ks_job *job);
// Task accounting for quiescence (virtual time).
void ks_scope_task_queued(ks_scope *scope);
void ks_scope_task_done(ks_scope *scope);

// ---------------------------------------------------------------------------------------------
// Handles (stable refs and runtime handles): checked tokens, never dereferenced.

typedef enum {
  KS_HANDLE_REF = 1,
  KS_HANDLE_COLLECTION,
  KS_HANDLE_CALL,
  KS_HANDLE_SCOPE,
  KS_HANDLE_DRIVER,
  KS_HANDLE_INVOCATION // a Swift closure's invocation (closures.c)
} ks_handle_kind;

// Registers `target` (retained by the handle) and returns its token. Charged to `scope` (REF only).
shared_KNativePtr ks_handle_new(ks_handle_kind kind, ks_object *target, ks_scope *scope);
shared_KNativePtr ks_handle_new_permanent(ks_object *target);
// Resolves a token to a retained object. On failure counts a misuse naming `what` and returns
// the status; *out is NULL.
shared_Status ks_handle_get(shared_KNativePtr token, ks_handle_kind kind, const char *what, ks_object **out);
// Frees the handle; returns the object the handle retained (caller releases), or NULL on misuse.
shared_Status ks_handle_free(shared_KNativePtr token, ks_handle_kind kind, const char *what, ks_object **out);
// A kref for an object: the permanent token, or a new stable ref charged to the current scope.
shared_KNativePtr ks_kref_for(ks_object *object);
// Resolves a kref of an expected type (NULL type: any). Retained result, or NULL after a misuse.
ks_object *ks_kref_resolve(shared_KNativePtr token, const shared_KType *type, const char *what);
// The same, reporting why it failed (nullArgument, unknownHandle, disposedHandle, wrongKind).
ks_object *ks_kref_resolve_status(shared_KNativePtr token, const shared_KType *type, const char *what,
                                  shared_Status *status);

// ---------------------------------------------------------------------------------------------
// Dispatcher (worker threads) and clocks

typedef struct ks_task ks_task;
struct ks_task {
  void (*run)(ks_task *task);
  ks_task *next;
  ks_scope *scope; // set by ks_dispatch
};

// Queues `task` to run on a worker thread, attributed to `scope`. From a worker, the task goes to
// that worker's run-next slot (it runs right after the current task).
void ks_dispatch(ks_task *task, ks_scope *scope);
// Like ks_dispatch, but always through the shared queue (another worker may take it at once).
void ks_dispatch_shared(ks_task *task, ks_scope *scope);
// From a worker whose task keeps running: moves the run-next task to the shared queue, so that it
// is not delayed until the current task ends.
void ks_publish_run_next(void);
bool ks_on_worker_thread(void);
ks_scope *ks_worker_task_scope(void); // the scope of the task running on this worker, or NULL

typedef struct ks_timer {
  int64_t due;
  uint64_t seq;      // FIFO order among equal deadlines
  int heap_index;    // -1 when not armed
  ks_job *job;       // retained while armed
  uint64_t wake_seq; // the job suspension this timer belongs to
} ks_timer;

int64_t ks_monotonic_millis(void);
// Arms `timer` on the scope's clock, `millis` from now.
void ks_timer_arm(ks_scope *scope, ks_timer *timer, ks_job *job, int64_t millis);
// Disarms; true when it was still armed.
bool ks_timer_disarm(ks_scope *scope, ks_timer *timer);
int64_t ks_scope_now(ks_scope *scope);

// ---------------------------------------------------------------------------------------------
// Jobs: a coroutine as a resumable state machine. A collection's producer and a suspend call are
// both jobs. The step function runs on a worker thread, without any lock held, and either finishes
// or suspends after calling exactly one of ks_job_delay / ks_job_await_signal / (collections)
// ks_emit returning false.

typedef enum { KS_STEP_SUSPEND, KS_STEP_COMPLETE, KS_STEP_FAIL, KS_STEP_CANCELLED } ks_step;
typedef enum { KS_JOB_QUEUED, KS_JOB_RUNNING, KS_JOB_SUSPENDED, KS_JOB_DONE } ks_job_state;
typedef enum {
  KS_WAIT_NONE,
  KS_WAIT_DELAY,
  KS_WAIT_SIGNAL,
  KS_WAIT_EMIT,
  KS_WAIT_NEXT_REQUEST,
  KS_WAIT_YIELD,
  KS_WAIT_SIGNAL_OR_DELAY // a signal, or a timeout (withTimeout around an awaited call)
} ks_wait;

typedef struct ks_job_ops {
  // Runs the body until it suspends or finishes. `cancelled`: the suspension point it is resumed at
  // throws CancellationException (run `finally`, then return CANCELLED, or FAIL if `finally` throws).
  // On FAIL, *throwable receives an owned exception; on COMPLETE, *result (calls) the result.
  ks_step (*step)(ks_job *job, bool cancelled, ks_object **throwable, ks_value *result);
  // Job lock held: for KS_WAIT_EMIT / KS_WAIT_NEXT_REQUEST, whether the job can resume now
  // (may complete a parked emission).
  bool (*ready_locked)(ks_job *job);
  // Job lock held: the job finished with `step` (COMPLETE/FAIL/CANCELLED) — record the terminal event.
  void (*finished_locked)(ks_job *job, ks_step step, ks_object *throwable, ks_value *result);
  // No lock held, once, after finished_locked: drop what the body held (its state, lambdas).
  void (*after_done)(ks_job *job);
  // Suspend calls, as Swift export starts them (CoroutineStart.UNDISPATCHED): a job cancelled before
  // its first step still runs up to its first real suspension point, which throws; a body that
  // returns normally although its job was cancelled keeps its result (the caller receives it).
  // Collections leave both false: a cancelled producer finishes as cancelled.
  bool undispatched_start;
  bool keeps_result_when_cancelled;
} ks_job_ops;

struct ks_job {
  ks_object header;
  const ks_job_ops *ops;
  ks_scope *scope; // retained
  pthread_mutex_t lock;
  ks_task resume_task;
  ks_job_state state;
  ks_wait wait;
  uint64_t wake_seq;     // bumped at each suspension
  bool signalled;        // KS_WAIT_DELAY / KS_WAIT_SIGNAL: the awaited event happened
  bool cancel_requested; // cancellation asked (by the consumer or by the body itself)
  bool cancel_by_consumer;
  bool cancel_seen;      // the body has been resumed with the cancellation
  bool stepped;          // the first step has run
  ks_timer timer;
  ks_job *scope_prev, *scope_next; // scope's job list (scope lock)
};

void ks_job_init(ks_job *job, const ks_job_ops *ops, const shared_KType *type, void (*destroy)(ks_object *),
                 ks_scope *scope);
void ks_job_deinit(ks_job *job);
void ks_job_start(ks_job *job); // queues the first step
// From a step: suspend for `millis` on the scope's clock.
void ks_job_delay(ks_job *job, int64_t millis);
// From a step: suspend until ks_job_signal (call BEFORE checking the awaited condition).
void ks_job_await_signal(ks_job *job);
// From a step: suspend until ks_job_signal or until `millis` passed on the scope's clock, whichever
// comes first (call BEFORE checking the awaited condition; the step tells them apart by the condition).
void ks_job_await_signal_or_delay(ks_job *job, int64_t millis);
// From a step: yield the worker (Kotlin's yield()); the job is re-queued behind other work.
void ks_job_yield(ks_job *job);
// From a step: the body cancels its own job (Kotlin's coroutineContext.cancel()).
void ks_job_cancel_self(ks_job *job);
bool ks_job_is_cancelled(ks_job *job);
// Wakes a job waiting in ks_job_await_signal. Any thread, no lock held.
void ks_job_signal(ks_job *job);

// A job registered with a flow (StateFlow collector, SharedFlow emitter) to be signalled on the
// next change. The node lives in the job's own state; the list and the fields are guarded by the
// flow's lock, and the job is retained while registered.
typedef struct ks_waiter {
  ks_job *job;
  struct ks_waiter *next;
  bool registered;
} ks_waiter;

// The jobs of detached waiters, each holding its registration's retain.
typedef struct {
  ks_job **jobs;
  int32_t count;
} ks_wake_list;

// Flow lock held: registers `waiter` for `job` on `*head` (once).
void ks_waiter_register_locked(ks_waiter **head, ks_waiter *waiter, ks_job *job);
// Flow lock held: removes `waiter` if registered; returns whether it was (then release its job).
bool ks_waiter_remove_locked(ks_waiter **head, ks_waiter *waiter);
// Flow lock held: detaches every waiter, copying the jobs out — the nodes live in the waiters'
// states, which may be freed as soon as the flow lock is released.
ks_wake_list ks_waiters_take_locked(ks_waiter **head);
// No lock held: signals and releases the jobs.
void ks_wake_list_signal(ks_wake_list list);
// Asks the job to cancel. Returns false if it is already done. Idempotent.
bool ks_job_cancel(ks_job *job, bool by_consumer);
bool ks_job_cancel_locked(ks_job *job, bool by_consumer);
// Job lock held: re-evaluates a suspended job after a state change and queues it if it can resume.
void ks_job_poke_locked(ks_job *job);
// Timer expiry (from a clock), no lock held.
void ks_job_timer_fired(ks_job *job, uint64_t wake_seq);

// ---------------------------------------------------------------------------------------------
// Collections

typedef struct ks_collection ks_collection;

// An in-runtime consumer (used by collectInKotlin): receives runtime values it takes ownership of.
typedef struct {
  void *context;
  void (*on_items)(void *context, ks_value *items, int32_t count);
  void (*on_terminal)(void *context, int32_t kind, ks_object *throwable /* owned or NULL */);
} ks_internal_collector;

// The per-flow producer: how a flow kind runs inside a collection.
typedef struct ks_producer_ops {
  ks_step (*step)(ks_collection *collection, void *state, bool cancelled, ks_object **throwable);
  void (*destroy_state)(void *state);
} ks_producer_ops;

ks_collection *ks_collection_start(ks_object *flow, shared_BufferPolicy policy, const shared_FlowCollector *external,
                                   const ks_internal_collector *internal, shared_Status *status);
shared_Status ks_collection_request(ks_collection *collection);
void ks_collection_cancel(ks_collection *collection);
shared_Status ks_collection_cancel_status(ks_collection *collection); // ok, or finished
void ks_collection_release(ks_collection *collection);
ks_job *ks_collection_job(ks_collection *collection);
void *ks_collection_producer_state(ks_collection *collection);
// From a producer step: emit `value` (ownership taken). True: keep going. False: return
// KS_STEP_SUSPEND now (parked until the consumer makes room, or cancelled).
bool ks_emit(ks_collection *collection, ks_value *value);
// How many items the producer may emit right now without suspending (0 or 1 mean: use ks_emit).
int32_t ks_emit_capacity(ks_collection *collection);
// Emits `count` items that fit (per ks_emit_capacity) under one lock; ownership taken. Returns as
// ks_emit does.
bool ks_emit_many(ks_collection *collection, ks_value *values, int32_t count);

// How each flow kind starts a producer (flows.c / state_flow.c / shared_flow.c).
bool ks_flow_producer(ks_object *flow, const ks_producer_ops **ops, void **state);
bool ks_state_flow_producer(ks_object *flow, const ks_producer_ops **ops, void **state);
bool ks_shared_flow_producer(ks_object *flow, const ks_producer_ops **ops, void **state);
bool ks_body_flow_producer(ks_object *flow, const ks_producer_ops **ops, void **state); // doubles.c

// ---------------------------------------------------------------------------------------------
// Suspend calls

typedef struct ks_call ks_call;
typedef struct ks_call_body {
  ks_step (*step)(ks_call *call, void *state, bool cancelled, ks_object **throwable, ks_value *result);
  void (*destroy_state)(void *state);
} ks_call_body;

// Starts a call in the current scope; `state` is owned by the call (destroyed when the job is done,
// or at once on misuse).
shared_Call ks_call_start(const ks_call_body *body, void *state, shared_Continuation continuation,
                          shared_Status *status);
ks_job *ks_call_job(ks_call *call);

// ---------------------------------------------------------------------------------------------
// State flows (state_flow.c)

typedef struct ks_state_flow ks_state_flow;
ks_state_flow *ks_state_flow_new(ks_value initial); // takes ownership of initial
ks_object *ks_state_flow_readonly(ks_state_flow *flow);
ks_state_flow *ks_state_flow_of(ks_object *object);
// A double's flow holds values of any kind (its Swift wrapper is typed); a fixture's flow checks kinds.
void ks_state_flow_accept_any_value(ks_state_flow *flow);
bool ks_state_flow_accepts_any_value(const ks_state_flow *flow); // underlying flow of a state flow or view, or NULL
void ks_state_flow_get(ks_state_flow *flow, ks_value *out);
void ks_state_flow_set(ks_state_flow *flow, const ks_value *value);
bool ks_state_flow_compare_and_set(ks_state_flow *flow, const ks_value *expect, const ks_value *update);
void ks_state_flow_update_int(ks_state_flow *flow, int32_t delta);
// Its subscriptionCount StateFlow<Int> (retained for the caller; created on first request).
ks_state_flow *ks_state_flow_subscription_count(ks_state_flow *flow);

// Shared flows (shared_flow.c)
typedef struct ks_shared_flow ks_shared_flow;
ks_shared_flow *ks_shared_flow_new(int32_t replay, int32_t extra_buffer_capacity);
ks_shared_flow *ks_shared_flow_new_with_overflow(int32_t replay, int32_t extra_buffer_capacity,
                                                 int32_t overflow /* shared_BufferOverflow */);
ks_shared_flow *ks_shared_flow_of(ks_object *object); // NULL if not a shared flow
void ks_shared_flow_accept_any_value(ks_shared_flow *flow);
bool ks_shared_flow_accepts_any_value(const ks_shared_flow *flow);
ks_state_flow *ks_shared_flow_subscription_count(ks_shared_flow *flow);
// MutableStateFlow.emit(value) as a suspend call (suspend_fixtures.c): sets the value, never suspends.
shared_Call ks_state_flow_emit_call(ks_state_flow *flow, ks_value *value /* taken */, shared_Continuation continuation,
                                    shared_Status *status);
bool ks_shared_flow_try_emit(ks_shared_flow *flow, const ks_value *value);
void ks_shared_flow_replay_cache(ks_shared_flow *flow, ks_value *out);
void ks_shared_flow_reset_replay_cache(ks_shared_flow *flow);
shared_Call ks_shared_flow_emit(ks_shared_flow *flow, ks_value *value /* taken */, shared_Continuation continuation,
                                shared_Status *status);

// Cold fixture flows (flows.c)
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_elements(void);
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_nullable_elements(void);
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_no_elements(void);
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_words(void);
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_greetings(void);
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_lists(void);
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_unsigned(void);
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_units(void);
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_failing(void);
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_discarding(void);
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_range(shared_KInt count);
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_strings(shared_KInt count);
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_ticks(shared_KLong period_millis, shared_KInt count);

// package location (location.c)
void ks_location_install(shared_ExportedSymbols *symbols);

// Fixture singletons (module.c)
ks_object *ks_element(int n); // 1..3, permanent
ks_object *ks_foo(void);      // `object Foo`, permanent

// Utility
char *ks_strdup(const char *s);
// Memory handed to the caller to free (owned.c): registered when handed out, taken when disposed,
// so that a pointer the API did not hand out, or one already disposed, is detected.
void ks_owned_add(const void *pointer); // NULL is ignored
bool ks_owned_take(const void *pointer); // false: not handed out, or already disposed
char *ks_owned_strdup(const char *s);    // ks_strdup + ks_owned_add: a string for DisposeString
void *ks_malloc(size_t size); // aborts on out-of-memory (as Kotlin/Native does)
void *ks_calloc(size_t count, size_t size);
void *ks_realloc(void *pointer, size_t size);
void ks_mutex_init(pthread_mutex_t *mutex);

#endif
