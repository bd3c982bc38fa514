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
/* A new instance of open class `className` ("AsyncBase", "AsyncSpeakerBase", "AsyncThrower",
   "AsyncPayloads"): a plain Kotlin object when `subclass` is NULL, otherwise the instance of a Swift
   subclass, whose callbacks the runtime keeps (copied) until the object is freed. Kref owned by the
   caller; NULL with *status for an unknown class or a NULL required callback (then `release` is
   called). Any thread. */
shared_KNativePtr shared_inheritance_new(const char *className, const shared_SwiftSubclass *subclass,
                                         shared_Status *status);

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

#ifdef __cplusplus
}
#endif

#endif /* SHARED_INHERITANCE_H */
