/*
 * shared_closures.h — suspend function types across the boundary, both ways.
 *
 * A Kotlin `suspend (P1, …, Pn) -> R` value is an object (kref) of class
 * `kotlin.coroutines.SuspendFunctionN`. It comes in two kinds, and either can go either way:
 *
 *   - a SWIFT CLOSURE made into a Kotlin object (shared_SuspendFunction_fromSwift). When Kotlin
 *     calls it, the runtime calls `invoke` on a worker thread and the calling coroutine suspends
 *     until Swift reports the closure's end with shared_SwiftInvocation_complete. Cancelling the
 *     coroutine calls `cancel` (the Swift task should stop at its next suspension point); Kotlin
 *     still waits for `complete`, then the suspension point throws CancellationException. A Swift
 *     closure whose own task was cancelled reports `cancelsCaller`: the Kotlin coroutine that
 *     awaited it is cancelled in turn, as Swift export's bridge does.
 *   - a KOTLIN LAMBDA handed to Swift (returned by a function, inside a list, or passed to a Swift
 *     closure). Swift calls it with shared_SuspendFunction_invoke, which starts a suspend call
 *     exactly like a suspend function of the module (shared_Call, shared_Continuation).
 *
 * The rules THREADS, KREFS, STRINGS and MISUSE of libshared_api.h hold for every function below.
 */
#ifndef SHARED_CLOSURES_H
#define SHARED_CLOSURES_H

#include "shared_runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A `suspend (…) -> R` object. NULL means null (a nullable function type). */
typedef struct { shared_KNativePtr pinned; } shared_kref_kotlin_SuspendFunction;

/* One call of a Swift closure by Kotlin, from `invoke` until shared_SwiftInvocation_complete. */
typedef struct { shared_KNativePtr pinned; } shared_SwiftInvocation;

/* A Swift async closure, as the runtime calls it. */
typedef struct {
  void *context; /* passed back verbatim */
  /* Kotlin calls the closure. `arguments` (`count` values, the function's arity) are borrowed for
     the duration of the call, except object krefs inside them, which the callee owns. Returns the
     invocation's own context (passed to cancel / end). Worker thread; must not block: start the
     closure (a Swift task) and return. The closure's end is reported with
     shared_SwiftInvocation_complete, from any thread, exactly once. Required. */
  void *(*invoke)(void *context, const shared_Value *arguments, int32_t count, shared_SwiftInvocation invocation);
  /* The Kotlin coroutine awaiting the invocation was cancelled, or a timeout around the call fired.
     At most once per invocation, never before `invoke` returned, on any thread; possibly just after
     complete (then it should do nothing). Kotlin goes on awaiting complete. Required. */
  void (*cancel)(void *invocation);
  /* The invocation is over: complete was called and no cancel call is running or will come.
     Release the invocation's context. Exactly once per invocation, any thread. Required. */
  void (*end)(void *invocation);
  /* Kotlin dropped the function object (its last kref disposed, no invocation left). Any thread,
     once. May be NULL. */
  void (*release)(void *context);
} shared_SwiftSuspendFunction;

/* A Kotlin function object of arity `arity` (0 to 22) calling `function`. Kref owned by the caller;
   the object lives while a kref or a Kotlin holder (a list, a running call) has it. On misuse (a
   NULL required callback, a bad arity) returns NULL, sets *status and calls function.release.
   Any thread. */
shared_kref_kotlin_SuspendFunction shared_SuspendFunction_fromSwift(int32_t arity, shared_SwiftSuspendFunction function,
                                                                    shared_Status *status);

/* Whether `function` (borrowed) is a Swift closure made with shared_SuspendFunction_fromSwift (then
   *context receives its context, borrowed: valid while the kref is). Any thread. */
shared_KBoolean shared_SuspendFunction_swiftContext(shared_kref_kotlin_SuspendFunction function, void **context);

/* The closure's end. `outcome` is borrowed; in it:
     completed — `value` is the result, borrowed (strings and object krefs are copied / retained),
     failed    — `throwable` is the Swift error as a Kotlin exception; ownership passes to the runtime,
     cancelled — the closure threw CancellationError.
   `cancelsCaller`: the closure's own task was cancelled (not by Kotlin): the awaiting coroutine is
   cancelled too. The handle is invalid afterwards (a second complete is a misuse). Any thread. */
shared_Status shared_SwiftInvocation_complete(shared_SwiftInvocation invocation, const shared_Outcome *outcome);

/* Calls `function` (borrowed) with `count` arguments (borrowed; must match its arity) as a suspend
   call in the current scope: the outcome goes to `continuation` as for any suspend function of the
   module, and the handle is cancelled / released with shared_Call_cancel / shared_Call_release. A
   Swift closure called this way is invoked through its callbacks, as if Kotlin had called it. On
   misuse returns a NULL handle and sets *status. Any thread. */
shared_Call shared_SuspendFunction_invoke(shared_kref_kotlin_SuspendFunction function, const shared_Value *arguments,
                                          int32_t count, shared_Continuation continuation, shared_Status *status);

/* --- the module `closures` (Swift export's execution tests, closures.kt) -----------------------
   Functions that Kotlin declares without `suspend` wrap their body in runBlocking: they block the
   calling thread until the body is done (call them off Swift's cooperative pool), and their body
   runs on the runtime's workers. Their result is written to *result (owned by the caller: release
   it with shared_Value_dispose); the status is ok, or the misuse that refused the call. A body that
   throws is an uncaught Kotlin exception: counted as a misuse, *result is null.
   Functions declared `suspend` start a call like libshared_api.h's suspend functions.
   Every argument is borrowed. */

/* One runBlocking function of closures.kt, chosen by name: "simple", "withLong", "withDouble",
   "withBoolean", "withString", "withAny", "withObject", "withOptionalInt", "withOptionalString",
   "withOptionalObject", "withUnitReturn", "withTwoParams", "withThreeParams", "withMixedParams",
   "withNoParams", "withNoParamsUnit", "withTwoClosures", "withClosureChain", "nestedCall",
   "catchingClosure", "catchingClosureWithArg", "callClosureInNewScope", "cancelClosureFromKotlin",
   "cancelClosureWithArgFromKotlin", "closureCallingKotlin", "closureCalledMultipleTimes",
   "closureNeverCalled", "withListParam", "withMapParam". `arguments` are the Kotlin parameters in order (function
   types as object values). Blocks the calling thread (never a runtime worker: that is a misuse). */
shared_Status shared_closures_runBlocking(const char *function, const shared_Value *arguments, int32_t count,
                                          shared_Value *result);

/* Suspend functions of closures.kt, chosen by name: "simpleSuspend", "simpleSuspendWithDelay",
   "callClosureWithDelay", "callClosureCheckingCancellation". Starts the call in the current scope. */
shared_Call shared_closures_call(const char *function, const shared_Value *arguments, int32_t count,
                                 shared_Continuation continuation, shared_Status *status);

/* produceClosureList(): List<suspend (Int) -> Int> — `{ it + 1 }`, `{ it * 2 }`, `{ it + 10 }`.
   produceNullableClosureList(): List<(suspend (Int) -> Int)?> — `null`, `{ it }`.
   testPrimitiveProducedLambda(): suspend () -> Int — `::testPrimitive` (coroutines.kt).
   The result is owned by the caller (shared_Value_dispose). Any thread. */
shared_Status shared_closures_produce(const char *function, shared_Value *result);

#ifdef __cplusplus
}
#endif

#endif /* SHARED_CLOSURES_H */
