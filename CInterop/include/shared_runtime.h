/*
 * shared_runtime.h — the runtime contract every Kotlin module of this harness shares.
 *
 * What does not depend on a module's own declarations: the Kotlin/Native primitive typedefs and the
 * krefs of kotlin.* and kotlinx.coroutines.flow.* types; the conventions for values, flows,
 * collections, suspend calls and StateFlow / SharedFlow access (exported with `@CName`); and the test
 * runtime (scopes, clocks, bookkeeping). A module's own header (libshared_api.h for the fixture module
 * `shared`) includes this one and adds its krefs, its symbol table and its functions; test doubles
 * (shared_doubles.h) build on this one only, so a second Kotlin module needs no edit here.
 *
 * The rules THREADS, KREFS, STRINGS and MISUSE stated in libshared_api.h hold for every function
 * below. (The prefix is `shared_` for historical reasons: it is the runtime's, not the module's.)
 */
#ifndef SHARED_RUNTIME_H
#define SHARED_RUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* --- Kotlin/Native primitive types and the krefs of kotlin.* / kotlinx.* types ------------------ */

#ifdef __cplusplus
typedef bool shared_KBoolean;
#else
typedef _Bool shared_KBoolean;
#endif
typedef unsigned short shared_KChar;
typedef signed char shared_KByte;
typedef short shared_KShort;
typedef int shared_KInt;
typedef long long shared_KLong;
typedef unsigned char shared_KUByte;
typedef unsigned short shared_KUShort;
typedef unsigned int shared_KUInt;
typedef unsigned long long shared_KULong;
typedef float shared_KFloat;
typedef double shared_KDouble;
typedef void *shared_KNativePtr;
struct shared_KType;
typedef struct shared_KType shared_KType;

/* One kref struct per Kotlin type. `pinned` is an opaque stable-reference token; NULL means null. */
typedef struct { shared_KNativePtr pinned; } shared_kref_kotlin_Any;
typedef struct { shared_KNativePtr pinned; } shared_kref_kotlin_Throwable;
typedef struct { shared_KNativePtr pinned; } shared_kref_kotlinx_coroutines_flow_Flow;
typedef struct { shared_KNativePtr pinned; } shared_kref_kotlinx_coroutines_flow_StateFlow;
typedef struct { shared_KNativePtr pinned; } shared_kref_kotlinx_coroutines_flow_MutableStateFlow;
typedef struct { shared_KNativePtr pinned; } shared_kref_kotlinx_coroutines_flow_SharedFlow;
typedef struct { shared_KNativePtr pinned; } shared_kref_kotlinx_coroutines_flow_MutableSharedFlow;
/* ============================================================================================ */
/* Part 2 — conventions for flows and suspend functions (exported with @CName)                  */
/* ============================================================================================ */

/* Status of a convention call. Every non-OK status except FINISHED is also counted as a misuse. */
typedef enum {
  shared_Status_ok = 0,
  shared_Status_nullArgument = 1,   /* a required pointer or callback was NULL */
  shared_Status_unknownHandle = 2,  /* the token was never issued by this runtime */
  shared_Status_disposedHandle = 3, /* the token was issued but has been disposed / released */
  shared_Status_wrongKind = 4,      /* e.g. a collection handle where a flow kref was expected */
  shared_Status_invalidArgument = 5,
  shared_Status_requestPending = 6, /* shared_Collection_request while a request is outstanding */
  shared_Status_finished = 7        /* harmless: the collection / call already delivered its terminal event */
} shared_Status;

/* A Kotlin value crossing the boundary. 16 bytes. */
typedef enum {
  shared_ValueKind_null = 0,    /* Kotlin null */
  shared_ValueKind_unit = 1,    /* kotlin.Unit (non-null) */
  shared_ValueKind_boolean = 2, /* as.boolean */
  shared_ValueKind_int = 3,     /* as.i   — Int */
  shared_ValueKind_long = 4,    /* as.l   — Long */
  shared_ValueKind_uint = 5,    /* as.u   — UInt */
  shared_ValueKind_double = 6,  /* as.d   — Double */
  shared_ValueKind_string = 7,  /* as.string, `count` bytes of UTF-8 (plus a NUL terminator).
                                   As with any C string, the bytes hold no NUL (U+0000 cannot cross):
                                   a value passed in whose NUL comes before `count`, or is missing at
                                   `count`, is a misuse (the count is checked with strnlen, so a count
                                   larger than a NUL-terminated buffer is caught without reading past
                                   it; a buffer with no NUL at all cannot be checked). */
  shared_ValueKind_object = 8,  /* as.object — a kref; see KREFS for who owns it */
  shared_ValueKind_list = 9,    /* as.list — `count` values (List<T>). A value passed in is a tree:
                                   a list that contains itself (a cycle), nesting deeper than 256, or
                                   more than 2^20 values in all is a misuse, never a crash. */
  shared_ValueKind_map = 10     /* as.map — `count` entries (Map<K, V>) as 2 * `count` values: key 0,
                                   value 0, key 1, value 1, ... in the map's iteration order (Kotlin's
                                   mapOf / LinkedHashMap: insertion order). Two keys equal in Kotlin
                                   (`==`) in a value passed in are a misuse. Keys and values are values
                                   as in a list, under the same tree, depth and size limits. */
} shared_ValueKind;

typedef struct shared_Value {
  int32_t kind;  /* shared_ValueKind */
  int32_t count; /* string byte length, list element count, or map entry count; 0 otherwise */
  union {
    shared_KBoolean boolean;
    shared_KInt i;
    shared_KLong l;
    shared_KUInt u;
    shared_KDouble d;
    const char *string;
    shared_KNativePtr object;
    const struct shared_Value *list;
    const struct shared_Value *map; /* 2 * count values: key, value, key, value, ... */
  } as;
} shared_Value;

/* Releases what an *owned* shared_Value holds (returned by StateFlow_value, SharedFlow_replayCache
   and the like): strings, object krefs, list storage, recursively, and zeroes it. Never call it on
   values handed to a callback (those are borrowed). NULL is ignored. Any thread. A borrowed value, a
   value of your own, or a copy of one already disposed is a misuse: refused, nothing freed. */
void shared_Value_dispose(shared_Value *value);

/* How a collection buffers between the producer (a Kotlin coroutine) and the consumer. */
typedef enum {
  /* Default. The producer does not run ahead: `emit` hands one item over when the consumer has a
     request outstanding, and returns only when the consumer asks for the next item (or cancels),
     exactly like a plain `collect { }` whose body is the consumer. One item per batch. */
  shared_BufferKind_rendezvous = 0,
  /* `buffer(capacity)`: the producer runs ahead up to `capacity` items, then `emit` suspends. A
     batch carries up to `capacity` items. capacity must be >= 1. */
  shared_BufferKind_bounded = 1,
  /* `buffer(UNLIMITED)`: `emit` never suspends. A batch carries up to 4096 items. */
  shared_BufferKind_unbounded = 2,
  /* `conflate()`: `emit` never suspends and only the latest undelivered item is kept. */
  shared_BufferKind_conflated = 3
} shared_BufferKind;

typedef struct {
  int32_t kind;     /* shared_BufferKind */
  int32_t capacity; /* bounded only; ignored otherwise */
} shared_BufferPolicy;

typedef enum {
  shared_TerminalKind_completed = 0,
  shared_TerminalKind_failed = 1,   /* `throwable` is set */
  shared_TerminalKind_cancelled = 2 /* never reported as an error */
} shared_TerminalKind;

typedef struct {
  int32_t kind; /* shared_TerminalKind */
  /* failed only: the exception, owned by the receiver (DisposeStablePointer). NULL otherwise. */
  shared_kref_kotlin_Throwable throwable;
  /* cancelled only: true when the cancellation came from the consumer (shared_Collection_cancel /
     shared_Call_cancel), false when the Kotlin side cancelled its own job. */
  shared_KBoolean requestedByConsumer;
} shared_Terminal;

/* The consumer side of one collection. The runtime calls `onItems` once per answered request and
   `onTerminal` exactly once; nothing is called after `onTerminal` returns. */
typedef struct {
  void *context; /* passed back verbatim; the runtime never dereferences it */
  /* 1..N items (N per the policy). Items are borrowed for the duration of the call, except object
     krefs inside them, which the consumer owns. Runs on a worker thread. Required. */
  void (*onItems)(void *context, const shared_Value *items, int32_t count);
  /* Exactly once. `completed` / `failed` are delivered in answer to a request, after every buffered
     item; `cancelled` is delivered as soon as the producer's `finally` has run, request or not
     (buffered items are then dropped). The consumer may release `context` here. Runs on a worker
     thread. Required. */
  void (*onTerminal)(void *context, shared_Terminal terminal);
} shared_FlowCollector;

typedef struct { shared_KNativePtr pinned; } shared_Collection;

/* Starts collecting `flow` (borrowed) with `policy` in the current scope (part 3) and returns the
   collection handle, or a NULL handle with *status set on misuse (status may be NULL). The producer
   starts on a worker thread at once; nothing is delivered before the first request.
   A StateFlow collection delivers the current value first, then each new value it observes; values
   equal to the last one delivered are skipped, and a slow consumer sees the latest value, never a
   backlog (rendezvous and conflated behave alike, as Kotlin's operator fusion makes them; bounded and
   unbounded buffer what the producer observed). A SharedFlow collection delivers the replay cache
   first, then every value emitted after it subscribed. */
shared_Collection shared_Flow_collect(shared_kref_kotlinx_coroutines_flow_Flow flow, shared_BufferPolicy policy,
                                      shared_FlowCollector collector, shared_Status *status);

/* Asks for the next batch. Answered by exactly one onItems or onTerminal call on a worker thread.
   At most one request may be outstanding (a second one returns requestPending and changes
   nothing). Any thread, including inside onItems. Returns finished after the terminal event. */
shared_Status shared_Collection_request(shared_Collection collection);

/* Cancels the collection: the producer is resumed with a CancellationException at its suspension
   point (or at its next one if it is running), its `finally` runs, and onTerminal(cancelled) follows
   — unless that `finally` throws, in which case onTerminal(failed) carries that exception. Any thread,
   any time, idempotent: returns finished if the terminal event was already delivered. Never waits
   for the producer. */
shared_Status shared_Collection_cancel(shared_Collection collection);

/* Releases the handle. Implies cancel if the terminal event has not been delivered yet; the
   runtime still delivers that terminal event. Using the handle afterwards is a misuse. Any thread,
   including inside onTerminal. */
shared_Status shared_Collection_release(shared_Collection collection);

/* --- suspend functions ------------------------------------------------------------------------ */

typedef struct {
  int32_t kind; /* shared_TerminalKind: completed (value set), failed (throwable set), cancelled */
  /* completed only: the result, borrowed for the duration of the resume call (object krefs inside
     it are owned by the receiver). */
  shared_Value value;
  shared_kref_kotlin_Throwable throwable;  /* failed only; owned by the receiver */
  /* cancelled only: true when the call was cancelled by shared_Call_cancel / callerCancelled. False
     when the body cancelled its own job, and when it threw a CancellationException without its job
     being cancelled (withTimeout's TimeoutCancellationException). */
  shared_KBoolean requestedByConsumer;
  /* Any kind: the body cancelled its own job (`coroutineContext.cancel()`). As with Swift export's
     bridge, the caller should cancel itself (the Swift task) — and still take the outcome: a body that
     returned normally after cancelling its job hands back its value (kind completed). */
  shared_KBoolean cancelsCaller;
} shared_Outcome;

/* Where a suspend call's outcome goes. `resume` is called exactly once, on a worker thread. */
typedef struct {
  void *context;
  void (*resume)(void *context, const shared_Outcome *outcome);
  /* The caller is already cancelled (a Swift task that was cancelled before the call). The body
     then starts with its job already cancelled, as Swift export's bridge starts it
     (CoroutineStart.UNDISPATCHED in a cancelled job): it runs up to its first real suspension
     point, which throws CancellationException — its `finally` runs — and never past it. A body that
     reaches no suspension point (`delay(0)` is none) returns its value normally. Deciding this at
     start, rather than cancelling right after, makes the outcome independent of thread scheduling. */
  shared_KBoolean callerCancelled;
} shared_Continuation;

typedef struct { shared_KNativePtr pinned; } shared_Call;

/* Cancels the call's Kotlin job (idempotent, any thread, never waits). The outcome still arrives:
   cancelled (the suspension point the body is at throws), failed if a `finally` threw, or completed
   if the body returns without reaching another suspension point. Returns finished if the outcome was
   already delivered. */
shared_Status shared_Call_cancel(shared_Call call);
/* Releases the handle; implies cancel if the outcome has not been delivered (it still will be). */
shared_Status shared_Call_release(shared_Call call);

/* Kotlin lambdas passed into the module. `invoke` runs on a worker thread; `release` is called
   exactly once, when Kotlin drops the lambda (after its last invoke), on any thread. */
typedef struct {
  void *context;
  shared_KInt (*invoke)(void *context);
  void (*release)(void *context); /* may be NULL when there is nothing to release */
} shared_IntBlock;                /* () -> Int */

typedef struct {
  void *context;
  void (*invoke)(void *context);
  void (*release)(void *context); /* may be NULL */
} shared_UnitBlock;               /* () -> Unit */

/* --- StateFlow / SharedFlow ------------------------------------------------------------------- */

/* StateFlow.value into *out (owned: release with shared_Value_dispose). Any thread. */
shared_Status shared_StateFlow_value(shared_kref_kotlinx_coroutines_flow_StateFlow flow, shared_Value *out);
/* MutableStateFlow.value = *value (borrowed). An equal value (==, identity for objects) emits
   nothing. A value of the wrong kind for the flow is invalidArgument. Any thread. */
shared_Status shared_MutableStateFlow_setValue(shared_kref_kotlinx_coroutines_flow_MutableStateFlow flow,
                                               const shared_Value *value);
/* MutableStateFlow.compareAndSet(expect, update); *swapped receives the result. Any thread. */
shared_Status shared_MutableStateFlow_compareAndSet(shared_kref_kotlinx_coroutines_flow_MutableStateFlow flow,
                                                    const shared_Value *expect, const shared_Value *update,
                                                    shared_KBoolean *swapped);
/* SharedFlow.replayCache as an owned list value (release with shared_Value_dispose). */
shared_Status shared_SharedFlow_replayCache(shared_kref_kotlinx_coroutines_flow_SharedFlow flow, shared_Value *out);
/* A MutableStateFlow is a MutableSharedFlow: the functions below accept a MutableStateFlow kref too,
   with Kotlin's MutableStateFlow behaviour — tryEmit sets the value and returns true, emit sets it
   without suspending, resetReplayCache is refused (Kotlin throws UnsupportedOperationException), and
   subscriptionCount counts its collectors (from a collection's first step until it ends). */
/* MutableSharedFlow.subscriptionCount: a StateFlow<Int> kref owned by the caller. */
shared_kref_kotlinx_coroutines_flow_StateFlow shared_MutableSharedFlow_subscriptionCount(
  shared_kref_kotlinx_coroutines_flow_MutableSharedFlow flow);
/* MutableSharedFlow.tryEmit(value); *emitted is false when emit would suspend. Any thread. */
shared_Status shared_MutableSharedFlow_tryEmit(shared_kref_kotlinx_coroutines_flow_MutableSharedFlow flow,
                                               const shared_Value *value, shared_KBoolean *emitted);
/* suspend MutableSharedFlow.emit(value): completes (with Unit) once every subscriber has room. */
shared_Call shared_MutableSharedFlow_emit(shared_kref_kotlinx_coroutines_flow_MutableSharedFlow flow,
                                          const shared_Value *value, shared_Continuation continuation,
                                          shared_Status *status);
shared_Status shared_MutableSharedFlow_resetReplayCache(shared_kref_kotlinx_coroutines_flow_MutableSharedFlow flow);

/* Whether two krefs refer to the same Kotlin object (===). Any thread. */
shared_KBoolean shared_Any_identical(shared_KNativePtr a, shared_KNativePtr b);

/* ============================================================================================ */
/* Part 3 — test runtime: scopes, clocks, bookkeeping                                            */
/* ============================================================================================ */

/* A runtime scope, like a CoroutineScope with a test dispatcher: collections and calls started while
   it is current belong to it; it has its own clock and counters (also summed into the global ones). */
typedef struct { shared_KNativePtr pinned; } shared_Scope;

typedef enum {
  shared_ClockMode_real = 0,    /* delays take wall-clock time */
  shared_ClockMode_virtual = 1, /* delays wait until advanceBy / advanceUntilIdle reaches them */
  /* virtual, and whenever the scope has no runnable work, time jumps to the next pending delay
     (like runTest) */
  shared_ClockMode_virtualAutoAdvance = 2
} shared_ClockMode;

typedef struct {
  int64_t liveStableRefs;    /* krefs handed out and not disposed (permanent object krefs excluded) */
  int64_t liveCollections;   /* collections whose handle is not released or whose terminal is pending */
  int64_t pendingCalls;      /* suspend calls whose handle is not released or whose outcome is pending */
  int64_t misuses;           /* misuse events so far */
  int64_t collectionsStarted;
  int64_t producerFinallyRuns; /* producers that ran their `finally` (completed, failed or cancelled) */
  int64_t liveScopes;        /* global only: scopes not closed */
  int64_t bufferedItems;     /* items emitted into collection buffers and not yet delivered */
  int64_t waitingConsumers;  /* collections whose consumer has a request outstanding */
} shared_Counters;

/* Opens a scope. Any thread. Returns NULL handle for an unknown mode (misuse). */
shared_Scope shared_TestRuntime_openScope(int32_t clockMode);
/* Cancels everything still running in the scope and marks it closed: collections and calls started
   in it afterwards are cancelled at once (like work launched in a cancelled CoroutineScope). The
   handle stays valid (counters readable) until closeScope. */
shared_Status shared_TestRuntime_cancelScope(shared_Scope scope);
/* cancelScope, then releases the handle. Counters of a closed scope can no longer be read. */
shared_Status shared_TestRuntime_closeScope(shared_Scope scope);
/* Makes `scope` current on the calling thread (NULL handle: the global scope) and returns the
   previous one. Worker threads make a task's scope current while it runs, callbacks included. */
shared_Scope shared_TestRuntime_setCurrentScope(shared_Scope scope);
/* Counters of `scope`, or the global ones for a NULL handle. */
shared_Status shared_TestRuntime_counters(shared_Scope scope, shared_Counters *out);
/* The last misuse message of `scope` (NULL handle: global), owned by the caller, or NULL if none. */
const char *shared_TestRuntime_lastMisuse(shared_Scope scope);
/* What the live krefs charged to `scope` are, for a leak report: "2 × kotlinx.coroutines.flow.
   MutableStateFlow, 1 × com.example.InboxViewModel" (most numerous class first, ties by name, at most 8 classes),
   owned by the caller (DisposeString); NULL if it has none or the handle is bad. Any thread; takes the
   handle table's lock for one pass over it. */
const char *shared_TestRuntime_liveRefClasses(shared_Scope scope);
/* Virtual clock of a virtual scope (invalidArgument for a real-time scope). advanceBy runs, in
   time order, every delay due within `millis`, waiting after each for the scope's worker tasks to
   go quiet; advanceUntilIdle does so until no delay is pending. Neither may be called from a
   callback of the same scope (invalidArgument). */
shared_Status shared_TestRuntime_advanceBy(shared_Scope scope, int64_t millis);
shared_Status shared_TestRuntime_advanceUntilIdle(shared_Scope scope);
/* Virtual scopes: moves the clock to the earliest pending delay, runs it, and waits for the scope
   to go quiet again. Returns false (and changes nothing) when no delay is pending. Same restrictions
   as advanceBy. */
shared_KBoolean shared_TestRuntime_runNextDelay(shared_Scope scope);
/* runNextDelay, for a delay due at or before `limitMillis` (absolute virtual time) only: false, and
   nothing changes, when the earliest pending delay is later (or none is pending). */
shared_KBoolean shared_TestRuntime_runNextDelayDueBy(shared_Scope scope, int64_t limitMillis);
/* Waits up to `timeoutMillis` (wall clock) until the scope has no worker task queued or running —
   no producer step, no delivery, no callback in flight — and returns whether it is idle. Pending
   delays do not count as work. Returns false at once when called from a callback of the same scope.
   (A NULL handle means the global scope: work started outside any scope.) */
shared_KBoolean shared_TestRuntime_awaitIdle(shared_Scope scope, int64_t timeoutMillis);
/* Virtual scopes: how many delays are pending (armed and not yet fired or cancelled), and through
   `earliestDueMillis` (may be NULL; left unchanged when none is pending) the absolute virtual time of
   the earliest. Any thread; takes the clock's lock briefly. Returns -1 for a real-time scope or a bad
   handle (misuse only for a bad handle: asking a real scope is legitimate and has no answer). */
int64_t shared_TestRuntime_pendingDelays(shared_Scope scope, int64_t *earliestDueMillis);
/* Current time in ms of the scope's clock (virtual time, or monotonic ms for real scopes). */
int64_t shared_TestRuntime_currentTimeMillis(shared_Scope scope);
/* Work outside the Kotlin runtime that the scope's test scheduler must wait for, such as Swift
   main-actor jobs of a headless view host: `delta` +1 when such a job is queued, -1 when it has run.
   While the count is above zero an auto-advancing virtual clock does not move, so virtual time moves
   only when both sides are idle (as kotlinx-coroutines-test's scheduler advances only when no task
   is runnable). Any thread, never blocks; returns the new count, or -1 for a bad handle (misuse) or a
   count that would go below zero (misuse, the count stays at zero). advanceBy / runNextDelay ignore
   it: an explicit advance is the test's decision. */
int64_t shared_TestRuntime_holdClock(shared_Scope scope, int32_t delta);
/* Whether the calling thread is one of the runtime's worker (dispatcher) threads. */
shared_KBoolean shared_TestRuntime_isWorkerThread(void);

#ifdef __cplusplus
}
#endif

#endif /* SHARED_RUNTIME_H */
