/*
 * shared_inheritance.h — open Kotlin classes subclassed in Swift, and the fixtures of package
 * `inheritance` (Swift export's execution tests for inheritance).
 *
 * An instance of an open class is made either as a plain Kotlin object or for a Swift subclass. A
 * Swift subclass's instance carries a shared_SwiftSubclass: Kotlin's virtual calls of its open
 * members (and of the interface members it implements) go to Swift, which dispatches them to the
 * override, or to the Kotlin body (through the `_direct` functions below) where it has none.
 *
 * A suspend member overridden in Swift runs as a *reverse call*: the Kotlin coroutine that made the
 * virtual call suspends, Swift runs the override (in a task of its own) and ends it with
 * shared_OverrideCall_finish; the coroutine resumes with that outcome. When the coroutine is
 * cancelled while it waits (its caller was cancelled, or a Kotlin timeout ran out), the runtime asks
 * Swift to cancel the override and still waits for its end, so the override's cleanup has run when
 * the Kotlin call ends; a cancelled coroutine then throws CancellationException whatever the
 * override returned.
 *
 * The rules THREADS, KREFS, STRINGS and MISUSE of libshared_api.h hold, with one exception stated at
 * shared_SwiftSubclass.invoke: a synchronous virtual call runs the Swift override on the calling
 * thread, as Kotlin calls a virtual function.
 */
#ifndef SHARED_INHERITANCE_H
#define SHARED_INHERITANCE_H

#include "shared_runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One reverse call of a Swift override (a handle: valid until shared_OverrideCall_finish). */
typedef struct { shared_KNativePtr pinned; } shared_OverrideCall;
/* Where a synchronous override puts its result (valid during the invoke callback only). */
typedef struct { void *slot; } shared_OverrideResult;

typedef struct {
  /* The Swift object, passed back verbatim; the runtime never dereferences it. */
  void *context;
  /* A virtual call of suspend member `member` (its Kotlin name, e.g. "greet"; a static string) on a
     Swift subclass's instance: start it with `args` (`count` values, borrowed for this call; object
     krefs inside are owned by the receiver) and end it, from any thread, with
     shared_OverrideCall_finish(call, …). Returns the run's context for cancel / end. Worker thread,
     no lock held. Required. */
  void *(*startSuspend)(void *context, const char *member, const shared_Value *args, int32_t count,
                        shared_OverrideCall call);
  /* The Kotlin coroutine awaiting the run was cancelled: cancel the run (it must still finish).
     Worker thread, at most once per run, never after end. Required. */
  void (*cancel)(void *run);
  /* The run has finished and the runtime took its outcome: release the run. Worker thread, exactly
     once per started run. Required. */
  void (*end)(void *run);
  /* A virtual call of a non-suspend member: run it on the CALLING thread (Kotlin's thread, which may
     be the caller's own), put its result with shared_OverrideResult_set before returning. `args` as
     for startSuspend. Required. */
  void (*invoke)(void *context, const char *member, const shared_Value *args, int32_t count,
                 shared_OverrideResult result);
  /* The Kotlin object was freed. Any thread, once. May be NULL. */
  void (*release)(void *context);
} shared_SwiftSubclass;

/* Ends a reverse call: completed (value borrowed, copied), failed (throwable owned by the runtime
   from here on) or cancelled (the override threw CancellationError). Exactly once per call; the handle
   is invalid afterwards (a second finish is a misuse). Any thread. */
shared_Status shared_OverrideCall_finish(shared_OverrideCall call, const shared_Outcome *outcome);

/* A synchronous override's result (borrowed, copied). Only during its invoke callback. */
shared_Status shared_OverrideResult_set(shared_OverrideResult result, const shared_Value *value);

/* --- package `inheritance` ------------------------------------------------------------------ */
/* A new instance of class `className` of package `inheritance` (an open class, or the final
   "ConstructedAsyncStorage"): a plain Kotlin object when `subclass` is NULL, otherwise the instance
   of a Swift subclass, whose callbacks the runtime keeps (copied) until the object is freed.
   `argument` (copied; NULL when the constructor has none) is the primary constructor's String:
   AsyncWorker(id), ConstructedAsyncBase(origin). Kref owned by the caller; NULL with *status for an
   unknown class or a NULL required callback (then `release` is called). Any thread. */
shared_KNativePtr shared_inheritance_new(const char *className, const char *argument,
                                         const shared_SwiftSubclass *subclass, shared_Status *status);

/* The Swift subclass instance behind `object` (its shared_SwiftSubclass.context; borrowed), or NULL
   for a plain Kotlin object: how a Kotlin reference coming back to Swift finds the same Swift
   instance. Any thread. */
void *shared_inheritance_swiftContext(shared_KNativePtr object);

/* AsyncWorker.id, ConstructedAsyncBase.origin: the constructor's String (owned by the caller:
   DisposeString). */
const char *shared_inheritance_label(shared_KNativePtr object);

/* ConstructedAsyncStorage.store(value) (kref borrowed; the storage keeps the object) and
   retrieve() (a new kref owned by the caller, or NULL when nothing is stored). Any thread. */
shared_Status shared_inheritance_ConstructedAsyncStorage_store(shared_KNativePtr storage, shared_KNativePtr value);
shared_KNativePtr shared_inheritance_ConstructedAsyncStorage_retrieve(shared_KNativePtr storage);

/* class AsyncPayload(val label: String): a new instance (kref owned by the caller), and its label
   (owned by the caller: DisposeString). */
shared_KNativePtr shared_inheritance_AsyncPayload_new(const char *label, shared_Status *status);
const char *shared_inheritance_AsyncPayload_label(shared_KNativePtr payload);

/* The Kotlin bodies of the members, called NON-virtually (Swift export's `_direct` bridges): what a
   Swift class that does not override a member inherits, and what `super` calls. Suspend calls as in
   libshared_api.h (the outcome goes to `continuation`; release the handle with shared_Call_release).
   `object` is borrowed. */
shared_Call shared_inheritance_AsyncBase_greet_direct(shared_KNativePtr object, const char *name,
                                                      shared_Continuation continuation, shared_Status *status);
shared_Call shared_inheritance_AsyncBase_count_direct(shared_KNativePtr object, shared_Continuation continuation,
                                                      shared_Status *status);
/* `suspend fun notOpen()` is final: Swift has no override to make, so this is its only entry. */
shared_Call shared_inheritance_AsyncBase_notOpen(shared_KNativePtr object, shared_Continuation continuation,
                                                 shared_Status *status);
/* open fun syncTag(): String — synchronous; result owned by the caller (DisposeString). */
const char *shared_inheritance_AsyncBase_syncTag_direct(shared_KNativePtr object);
shared_Call shared_inheritance_AsyncSpeakerBase_speak_direct(shared_KNativePtr object,
                                                             shared_Continuation continuation, shared_Status *status);
/* AsyncDefaulter.describe()'s default body: "default-describe(" + tag() + ")", tag() called
   virtually (so it reaches the Swift override). */
shared_Call shared_inheritance_AsyncDefaulter_describe_direct(shared_KNativePtr object,
                                                              shared_Continuation continuation, shared_Status *status);
shared_Call shared_inheritance_AsyncThrower_boom_direct(shared_KNativePtr object, shared_Continuation continuation,
                                                        shared_Status *status);
shared_Call shared_inheritance_AsyncPayloads_nothingToReturn_direct(shared_KNativePtr object,
                                                                    shared_Continuation continuation,
                                                                    shared_Status *status);
shared_Call shared_inheritance_AsyncPayloads_number_direct(shared_KNativePtr object, shared_Continuation continuation,
                                                           shared_Status *status);
shared_Call shared_inheritance_AsyncPayloads_payload_direct(shared_KNativePtr object,
                                                            shared_Continuation continuation, shared_Status *status);

/* The top-level functions: each makes the VIRTUAL call its name says (callGreet(base, name) is
   base.greet(name)). `object` is borrowed. */
shared_Call shared_inheritance_callGreet(shared_KNativePtr base, const char *name, shared_Continuation continuation,
                                         shared_Status *status);
shared_Call shared_inheritance_callCount(shared_KNativePtr base, shared_Continuation continuation,
                                         shared_Status *status);
shared_Call shared_inheritance_callNotOpen(shared_KNativePtr base, shared_Continuation continuation,
                                           shared_Status *status);
/* withTimeoutOrNull(timeoutMs) { base.greet(name) } ?: "timed_out" — the timeout cancels the override. */
shared_Call shared_inheritance_callGreetWithTimeout(shared_KNativePtr base, const char *name, shared_KLong timeoutMs,
                                                    shared_Continuation continuation, shared_Status *status);
/* fun callSyncTag(base: AsyncBase): String — synchronous; result owned by the caller (DisposeString). */
const char *shared_inheritance_callSyncTag(shared_KNativePtr base);
shared_Call shared_inheritance_callSpeak(shared_KNativePtr speaker, shared_Continuation continuation,
                                         shared_Status *status);
shared_Call shared_inheritance_callAsyncDescribe(shared_KNativePtr defaulter, shared_Continuation continuation,
                                                 shared_Status *status);
shared_Call shared_inheritance_callAsyncTag(shared_KNativePtr defaulter, shared_Continuation continuation,
                                            shared_Status *status);
shared_Call shared_inheritance_callBoom(shared_KNativePtr thrower, shared_Continuation continuation,
                                        shared_Status *status);
shared_Call shared_inheritance_callNothingToReturn(shared_KNativePtr payloads, shared_Continuation continuation,
                                                   shared_Status *status);
shared_Call shared_inheritance_callNumber(shared_KNativePtr payloads, shared_Continuation continuation,
                                          shared_Status *status);
shared_Call shared_inheritance_callPayload(shared_KNativePtr payloads, shared_Continuation continuation,
                                           shared_Status *status);

/* More `_direct` Kotlin bodies (see above). AsyncGuarded.guarded(): delay(3_000), then "kotlin";
   AsyncWorker.work(): "kotlin-work:$id"; AsyncMultiBase.left() / right(): "Kotlin left" / "Kotlin
   right"; ConstructedAsyncBase.work(): "Kotlin work:$origin". */
shared_Call shared_inheritance_AsyncGuarded_guarded_direct(shared_KNativePtr object, shared_Continuation continuation,
                                                           shared_Status *status);
shared_Call shared_inheritance_AsyncWorker_work_direct(shared_KNativePtr object, shared_Continuation continuation,
                                                       shared_Status *status);
shared_Call shared_inheritance_AsyncMultiBase_left_direct(shared_KNativePtr object, shared_Continuation continuation,
                                                          shared_Status *status);
shared_Call shared_inheritance_AsyncMultiBase_right_direct(shared_KNativePtr object, shared_Continuation continuation,
                                                           shared_Status *status);
shared_Call shared_inheritance_ConstructedAsyncBase_work_direct(shared_KNativePtr object,
                                                                shared_Continuation continuation, shared_Status *status);
/* AsyncOverloads' bodies: `member` is "pick(arg1:)" ("kotlin-pick($arg1)"), "pick(arg1:arg2:)"
   ("kotlin-pick($arg1, $arg2)"), "same(arg:String)" or "same(arg:Int)"; `args` borrowed. */
shared_Call shared_inheritance_AsyncOverloads_direct(shared_KNativePtr object, const char *member,
                                                     const shared_Value *args, int32_t count,
                                                     shared_Continuation continuation, shared_Status *status);
/* AsyncVararg.join(vararg parts): "Kotlin: " + parts joined with ","; `parts` a borrowed List<String>. */
shared_Call shared_inheritance_AsyncVararg_join_direct(shared_KNativePtr object, const shared_Value *parts,
                                                       shared_Continuation continuation, shared_Status *status);

/* More top-level functions (virtual calls; receivers borrowed). */
shared_Call shared_inheritance_callWork(shared_KNativePtr w, shared_Continuation continuation, shared_Status *status);
/* withContext(Dispatchers.Default) { async { a.work() } and async { b.work() } at once: "$first|$second" }. */
shared_Call shared_inheritance_callBothConcurrently(shared_KNativePtr a, shared_KNativePtr b,
                                                    shared_Continuation continuation, shared_Status *status);
shared_Call shared_inheritance_callAsyncLeft(shared_KNativePtr value, shared_Continuation continuation,
                                             shared_Status *status);
shared_Call shared_inheritance_callAsyncRight(shared_KNativePtr value, shared_Continuation continuation,
                                              shared_Status *status);
/* withTimeoutOrNull(timeoutMs) { d.describe() } ?: "timed_out" */
shared_Call shared_inheritance_callAsyncDescribeWithTimeout(shared_KNativePtr d, shared_KLong timeoutMs,
                                                            shared_Continuation continuation, shared_Status *status);
/* withTimeoutOrNull(timeoutMs) { value.work() } ?: "timed_out" */
shared_Call shared_inheritance_callConstructedWorkWithTimeout(shared_KNativePtr value, shared_KLong timeoutMs,
                                                              shared_Continuation continuation, shared_Status *status);
/* The cancellation-scoping drivers around g.guarded() (a Swift override; a plain AsyncGuarded runs its
   Kotlin body without the driver):
   - callGuardedNonCancellable: the call runs in launch { withContext(NonCancellable) { … } }, whose
     job is cancelled after 50 ms: the override is never cancelled, and its value is returned;
   - callCancelledScopeJobWithOverrideInScopeBody: coroutineScope { launch { delay(50); scope.cancel() };
     g.guarded() }: the override is cancelled at 50 ms, the call ends cancelled;
   - callFailingChildWithOverrideInScopeBody / …InChild: a child throws IllegalStateException("boom")
     at 50 ms: the override is cancelled and the call fails with "boom". */
shared_Call shared_inheritance_callGuardedNonCancellable(shared_KNativePtr g, shared_Continuation continuation,
                                                         shared_Status *status);
shared_Call shared_inheritance_callCancelledScopeJobWithOverrideInScopeBody(shared_KNativePtr g,
                                                                            shared_Continuation continuation,
                                                                            shared_Status *status);
shared_Call shared_inheritance_callFailingChildWithOverrideInScopeBody(shared_KNativePtr g,
                                                                       shared_Continuation continuation,
                                                                       shared_Status *status);
shared_Call shared_inheritance_callFailingChildWithOverrideInChild(shared_KNativePtr g,
                                                                   shared_Continuation continuation,
                                                                   shared_Status *status);
shared_Call shared_inheritance_callPick1(shared_KNativePtr o, const char *arg1, shared_Continuation continuation,
                                         shared_Status *status);
shared_Call shared_inheritance_callPick2(shared_KNativePtr o, const char *arg1, shared_KInt arg2,
                                         shared_Continuation continuation, shared_Status *status);
shared_Call shared_inheritance_callSameString(shared_KNativePtr o, const char *arg, shared_Continuation continuation,
                                              shared_Status *status);
shared_Call shared_inheritance_callSameInt(shared_KNativePtr o, shared_KInt arg, shared_Continuation continuation,
                                           shared_Status *status);
/* v.join("a", "b", "c") */
shared_Call shared_inheritance_callJoin(shared_KNativePtr v, shared_Continuation continuation, shared_Status *status);

#ifdef __cplusplus
}
#endif

#endif /* SHARED_INHERITANCE_H */
