/*
 * libshared_api.h — the C ABI of the Kotlin/Native module `shared`.
 *
 * Part 1 has the shape Kotlin/Native generates for `-produce static|dynamic` (prefix `shared_`):
 * primitive typedefs, one `kref` struct per exported Kotlin type, and `shared_ExportedSymbols`
 * reached through `shared_symbols()`, with service functions and per-class tables under
 * `kotlin.root.<package>.<Class>`.
 *
 * Kotlin/Native has no C form for flows or suspend functions. The conventions a Kotlin module exports
 * for them with `@CName` functions (collecting any Flow with a buffer policy and batched delivery,
 * calling suspend functions with a cancel handle, reading / writing StateFlow and SharedFlow) and the
 * test runtime (scopes, clocks, bookkeeping) are shared by every module and live in shared_runtime.h,
 * which this header includes; Part 2 here holds this module's own suspend functions and delegate API.
 * Test doubles for a user's module are in shared_doubles.h.
 *
 * A real Kotlin/Native library implementing this header replaces kotlin-stub without any Swift
 * change. Rules that hold for every function below:
 *
 *   THREADS   Every callback (items, terminal events, suspend outcomes, lambdas passed in) runs on a
 *             Kotlin worker thread, never on the thread that called into the API, and never while
 *             the runtime holds a lock: a callback may call any function of this header, including
 *             the one that scheduled it (asking for the next batch, cancelling, disposing).
 *             Callbacks of one collection or one call never run concurrently with each other.
 *   KREFS     A kref returned by a function (or handed to a callback as an item or outcome) is a
 *             stable reference owned by the receiver, who releases it once with
 *             `DisposeStablePointer`. Exception: krefs of Kotlin `object` singletons are permanent;
 *             disposing them is allowed and does nothing. A kref passed *into* a function is
 *             borrowed: the callee retains what it keeps.
 *   STRINGS   UTF-8, NUL-terminated. A `const char*` returned by a function is owned by the caller
 *             and released with `DisposeString`. Strings inside a shared_Value handed to a callback
 *             are borrowed for the duration of that callback only: copy what you keep. Strings
 *             passed into a function are borrowed; the callee copies them.
 *   MISUSE    A NULL required pointer, a NULL callback, an unknown handle, a handle used after it was
 *             disposed or released, a handle of the wrong kind, or an invalid argument is refused
 *             (the function returns an error status, a NULL kref, or a neutral value) and counted as
 *             a misuse event with a message (see shared_TestRuntime_counters / _lastMisuse). It is
 *             never undefined behaviour.
 */
#ifndef KONAN_LIBSHARED_H
#define KONAN_LIBSHARED_H

#include <stdint.h>

#include "shared_runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ============================================================================================ */
/* Part 1 — the Kotlin/Native-generated shape (this module's krefs and symbol table)            */
/* ============================================================================================ */

/* The primitive typedefs and the krefs of kotlin.* / kotlinx.* types are in shared_runtime.h. */
typedef struct { shared_KNativePtr pinned; } shared_kref_shared_Store;
typedef struct { shared_KNativePtr pinned; } shared_kref_fixtures_Elem;
typedef struct { shared_KNativePtr pinned; } shared_kref_fixtures_Element1;
typedef struct { shared_KNativePtr pinned; } shared_kref_fixtures_Element2;
typedef struct { shared_KNativePtr pinned; } shared_kref_fixtures_Element3;
typedef struct { shared_KNativePtr pinned; } shared_kref_fixtures_Subject;
typedef struct { shared_KNativePtr pinned; } shared_kref_fixtures_Foo;
typedef struct { shared_KNativePtr pinned; } shared_kref_location_LocationManager;

typedef struct {
  /* Service functions. */

  /* Releases a stable reference (any kref's `pinned`). Any thread. NULL is ignored. Disposing a
     permanent `object` kref does nothing. A second dispose, an unknown token, or a collection /
     call / scope handle is a misuse. */
  void (*DisposeStablePointer)(shared_KNativePtr ptr);
  /* Releases a string returned by this API. Any thread. NULL is ignored. A pointer this API did not
     return (a literal, a borrowed string) or one already disposed is undefined behaviour in
     Kotlin/Native; the stub tracks the strings it hands out, so it refuses these as a misuse and
     frees nothing (unless the address was freed and handed out again meanwhile: a stale pointer
     to a reused address cannot be told apart). */
  void (*DisposeString)(const char *string);
  /* Whether the object behind `ref` is an instance of `type` (or a subclass). Any thread.
     A NULL or disposed ref answers false (a disposed one also counts a misuse). */
  shared_KBoolean (*IsInstance)(shared_KNativePtr ref, const shared_KType *type);

  /* User functions. Every kref returned is owned by the caller (see KREFS above). */
  struct {
    struct {
      struct {
        struct {
          shared_KType *(*_type)(void);
          /* Throwable.message; caller owns the result (DisposeString). NULL when message is null. */
          const char *(*get_message)(shared_kref_kotlin_Throwable thiz);
          /* Fully qualified class name, e.g. "kotlin.IllegalStateException". Caller owns it. */
          const char *(*get_className)(shared_kref_kotlin_Throwable thiz);
        } Throwable;
      } kotlin;

      struct {
        struct {
          shared_KType *(*_type)(void);
          /* `Store()`; `state` starts at 0. */
          shared_kref_shared_Store (*Store)(void);
          shared_kref_kotlinx_coroutines_flow_StateFlow (*get_state)(shared_kref_shared_Store thiz);
          /* `_state.update { it + 1 }` — atomic, any thread. */
          void (*increment)(shared_kref_shared_Store thiz);
          void (*reset)(shared_kref_shared_Store thiz);
        } Store;
      } shared;

      struct {
        struct {
          shared_KType *(*_type)(void);
        } Elem;
        struct {
          shared_KType *(*_type)(void);
          shared_kref_fixtures_Element1 (*_instance)(void);
        } Element1;
        struct {
          shared_KType *(*_type)(void);
          shared_kref_fixtures_Element2 (*_instance)(void);
        } Element2;
        struct {
          shared_KType *(*_type)(void);
          shared_kref_fixtures_Element3 (*_instance)(void);
        } Element3;
        struct {
          shared_KType *(*_type)(void);
          shared_kref_fixtures_Subject (*Subject)(void);
          shared_kref_kotlinx_coroutines_flow_MutableStateFlow (*get_mutableStateFlow)(
            shared_kref_fixtures_Subject thiz);
          shared_kref_kotlinx_coroutines_flow_StateFlow (*get_stateFlow)(shared_kref_fixtures_Subject thiz);
          shared_kref_kotlinx_coroutines_flow_MutableSharedFlow (*get_mutableSharedFlow)(
            shared_kref_fixtures_Subject thiz);
          shared_kref_kotlinx_coroutines_flow_SharedFlow (*get_sharedFlow)(shared_kref_fixtures_Subject thiz);
          shared_kref_kotlinx_coroutines_flow_MutableStateFlow (*get_counter)(shared_kref_fixtures_Subject thiz);
        } Subject;
        /* `object Foo`, the result of testAny() / testObject(). */
        struct {
          shared_KType *(*_type)(void);
          shared_kref_fixtures_Foo (*_instance)(void);
        } Foo;

        /* Cold flows: each collection runs the producer anew. */
        shared_kref_kotlinx_coroutines_flow_Flow (*elements)(void);
        shared_kref_kotlinx_coroutines_flow_Flow (*nullableElements)(void);
        shared_kref_kotlinx_coroutines_flow_Flow (*noElements)(void);
        shared_kref_kotlinx_coroutines_flow_Flow (*words)(void);
        shared_kref_kotlinx_coroutines_flow_Flow (*greetings)(void);
        shared_kref_kotlinx_coroutines_flow_Flow (*lists)(void);
        shared_kref_kotlinx_coroutines_flow_Flow (*unsigned_)(void);
        shared_kref_kotlinx_coroutines_flow_Flow (*units)(void);
        shared_kref_kotlinx_coroutines_flow_Flow (*failing)(void);
        shared_kref_kotlinx_coroutines_flow_Flow (*discarding)(void);
        /* 0 until count. A negative count is a misuse and returns a NULL kref. */
        shared_kref_kotlinx_coroutines_flow_Flow (*range)(shared_KInt count);
        /* "item-0" … "item-(count-1)", for bulk string tests. A negative count: misuse, NULL kref. */
        shared_kref_kotlinx_coroutines_flow_Flow (*strings)(shared_KInt count);
        /* delay(periodMillis) before each of 0 until count. Negative arguments: misuse, NULL kref. */
        shared_kref_kotlinx_coroutines_flow_Flow (*ticks)(shared_KLong periodMillis, shared_KInt count);
        /* flow.value = value. Both borrowed. */
        void (*setValue)(shared_kref_kotlinx_coroutines_flow_MutableStateFlow flow, shared_kref_fixtures_Elem value);
      } fixtures;

      struct {
        /* A delegate-style API shaped like CLLocationManager (see Part 2 for the delegate). */
        struct {
          shared_KType *(*_type)(void);
          shared_kref_location_LocationManager (*LocationManager)(void);
          /* Records the request (the stub grants it); any thread. */
          void (*requestWhenInUseAuthorization)(shared_kref_location_LocationManager thiz);
          /* Asks for one location: the delegate answers once, later, on a worker thread (by default
             Tokyo Station after 100 ms; see shared_location_LocationManager_script). */
          void (*requestLocation)(shared_kref_location_LocationManager thiz);
          /* Cancels pending requests: they do not answer (unless scripted to answer anyway). */
          void (*stopUpdatingLocation)(shared_kref_location_LocationManager thiz);
          /* Number of requestWhenInUseAuthorization calls so far. */
          shared_KInt (*get_authorizationRequests)(shared_kref_location_LocationManager thiz);
        } LocationManager;
      } location;
    } root;
  } kotlin;
} shared_ExportedSymbols;

/* The module's symbol table. Any thread; the pointer is valid for the life of the process. */
extern shared_ExportedSymbols *shared_symbols(void);

/* ============================================================================================ */
/* Part 2 — this module's suspend functions and delegate API (conventions: shared_runtime.h)     */
/* ============================================================================================ */

/* Suspend functions of package `fixtures`. Each starts the call in the current scope on a worker
   thread and returns its handle; on misuse it returns a NULL handle, sets *status (if non-NULL) and
   does not call the continuation. Krefs and strings passed in are borrowed. */
shared_Call shared_fixtures_answer(shared_Continuation continuation, shared_Status *status);
shared_Call shared_fixtures_greet(const char *name, shared_Continuation continuation, shared_Status *status);
shared_Call shared_fixtures_callAfter(shared_KLong delayMillis, shared_IntBlock block, shared_Continuation continuation,
                                      shared_Status *status);
shared_Call shared_fixtures_cancelAfter(shared_KLong delayMillis, shared_Continuation continuation,
                                        shared_Status *status);
shared_Call shared_fixtures_cancelSilentlyAfter(shared_KLong delayMillis, shared_IntBlock block,
                                                shared_Continuation continuation, shared_Status *status);
shared_Call shared_fixtures_throwAfter(shared_KLong delayMillis, const char *message, shared_Continuation continuation,
                                       shared_Status *status);
shared_Call shared_fixtures_throwImmediately(const char *message, shared_Continuation continuation,
                                             shared_Status *status);
shared_Call shared_fixtures_neverCompletes(shared_Continuation continuation, shared_Status *status);
shared_Call shared_fixtures_withFinally(shared_KLong delayMillis, shared_UnitBlock onFinally,
                                        shared_Continuation continuation, shared_Status *status);
shared_Call shared_fixtures_throwInFinallyOnCancel(shared_KLong delayMillis, const char *message,
                                                   shared_Continuation continuation, shared_Status *status);
/* The coroutines fixtures under the names of Swift export's execution tests (see kotlin-stub/README.md). */
shared_Call shared_fixtures_testPrimitive(shared_Continuation continuation, shared_Status *status); /* Int 42 */
shared_Call shared_fixtures_testAny(shared_Continuation continuation, shared_Status *status);       /* Any: Foo */
shared_Call shared_fixtures_testObject(shared_Continuation continuation, shared_Status *status);    /* Foo */
shared_Call shared_fixtures_testCustom(shared_Continuation continuation, shared_Status *status);    /* String */
shared_Call shared_fixtures_testOnAnotherThread(shared_Continuation continuation, shared_Status *status);
/* withTimeout(timeMillis) { awaitCancellation() }: cancelled, requestedByConsumer and cancelsCaller false. */
shared_Call shared_fixtures_timeout(shared_KLong timeMillis, shared_Continuation continuation, shared_Status *status);
shared_Call shared_fixtures_cancelImmediately(shared_Continuation continuation, shared_Status *status);
shared_Call shared_fixtures_cancelAfterAndSuspend(shared_KLong delay, shared_Continuation continuation,
                                                  shared_Status *status); /* Long result (never delivered) */
/* throw Error(message): a Throwable that is not an Exception (class name "kotlin.Error"). */
shared_Call shared_fixtures_throwNonException(const char *message, shared_Continuation continuation,
                                              shared_Status *status);
shared_Call shared_fixtures_throwInFinally(const char *message, shared_Continuation continuation,
                                           shared_Status *status);
shared_Call shared_fixtures_finallyDelayInt(shared_KLong delay, shared_UnitBlock onFinally,
                                            shared_Continuation continuation, shared_Status *status);
shared_Call shared_fixtures_cancelledWithThrowInFinally(shared_KLong delay, const char *message,
                                                        shared_Continuation continuation, shared_Status *status);
/* flow.take(count).toList(); the result is a list of object krefs. count <= 0 fails with
   IllegalArgumentException, as `take` does. */
shared_Call shared_fixtures_collectInKotlin(shared_kref_kotlinx_coroutines_flow_Flow flow, shared_KInt count,
                                            shared_Continuation continuation, shared_Status *status);

/* --- location: the delegate of a LocationManager ---------------------------------------------- */

/* `data class Coordinate(val latitude: Double, val longitude: Double)`, by value. */
typedef struct {
  shared_KDouble latitude;
  shared_KDouble longitude;
} shared_Coordinate;

/* `interface LocationManagerDelegate`, implemented by the caller. Callbacks run on a worker thread,
   one at a time per manager, never while the runtime holds a lock. */
typedef struct {
  void *context;
  /* `count` locations, borrowed for the duration of the call. Required. */
  void (*didUpdateLocations)(void *context, const shared_Coordinate *locations, int32_t count);
  /* The error is a throwable kref owned by the receiver. Required. */
  void (*didFailWithError)(void *context, shared_kref_kotlin_Throwable error);
  /* Called exactly once, when the manager drops the delegate (replaced, cleared, or the manager is
     gone) and no callback is running any more. May be NULL. */
  void (*release)(void *context);
} shared_LocationManagerDelegate;

/* Sets (or, with NULL callbacks, clears) the delegate. The previous one is released. Any thread. */
shared_Status shared_location_LocationManager_setDelegate(shared_kref_location_LocationManager thiz,
                                                          shared_LocationManagerDelegate delegate);

/* Test scripting: how the next requestLocation calls answer (a FIFO; when empty, the default). */
typedef enum {
  shared_LocationOutcome_answer = 0,       /* didUpdateLocations([coordinate]) after delayMillis */
  shared_LocationOutcome_fail = 1,         /* didFailWithError(IllegalStateException(message)) */
  shared_LocationOutcome_silent = 2,       /* never answers */
  shared_LocationOutcome_answerTwice = 3,  /* didUpdateLocations twice (a misbehaving delegate source) */
  shared_LocationOutcome_answerAfterStop = 4 /* answers even if stopUpdatingLocation was called */
} shared_LocationOutcome;

typedef struct {
  int32_t outcome; /* shared_LocationOutcome */
  shared_Coordinate coordinate;
  const char *message; /* fail only; borrowed, copied */
  int64_t delayMillis;
} shared_LocationScript;

shared_Status shared_location_LocationManager_script(shared_kref_location_LocationManager thiz,
                                                     const shared_LocationScript *script);

#ifdef __cplusplus
}
#endif

#endif /* KONAN_LIBSHARED_H */
