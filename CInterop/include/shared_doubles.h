/*
 * shared_doubles.h — Part 4 of the runtime contract: test doubles.
 *
 * What a user's fake Kotlin module is made of, created from Swift and run by the same runtime as the
 * fixture module: the same worker threads, clocks, counters and misuse checks.
 *
 *   - Boxes: values of the user's own types (Swift enums, structs, classes) as Kotlin objects. The
 *     runtime keeps an opaque pointer and calls the box class's retain / release / equals.
 *   - Objects: instances of a user's fake Kotlin class, counted as live stable refs.
 *   - Flows and state: MutableStateFlow / MutableSharedFlow with any initial value and any overflow
 *     policy, and cold flows whose body is Swift code (a "body" driven through a "driver").
 *   - Suspend functions whose body is Swift code, run as Kotlin jobs.
 *   - Throwables with any class name and message.
 *
 * The rules of libshared_api.h (THREADS, KREFS, STRINGS, MISUSE) hold here too.
 *
 * A BODY runs as a Kotlin coroutine: a job of the runtime (a collection's producer, or a suspend
 * call). The runtime starts a *run* of the body on a worker thread with `start`, and from then on the
 * body (Swift code, on any thread) talks to the runtime through the run's driver:
 *
 *   shared_Driver_emit    emit(value) — flows only; suspends per the collector's buffer policy
 *   shared_Driver_delay   delay(millis) on the scope's clock
 *   shared_Driver_finish  the body returned, threw, or was cancelled (exactly once per run)
 *
 * After emit and delay the body is suspended until the runtime calls `resume` for that run: with
 * cancelled = false the suspension is over; with cancelled = true it throws CancellationException
 * there. While the body runs (between `start` / `resume` and its next driver call) the runtime counts
 * it as a running task of its scope, so virtual time does not move and the scope is not idle.
 * When the job is cancelled while the body runs, the runtime calls `cancel` (the body should stop at
 * its next suspension point; its next emit / delay is resumed with cancelled = true at once). The body
 * must still call shared_Driver_finish. After finish returns, the driver handle is gone (using it is
 * a misuse), and `end` is called once for the run, on a worker thread.
 */
#ifndef SHARED_DOUBLES_H
#define SHARED_DOUBLES_H

#include "shared_runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

/* --- boxes: values of user types ----------------------------------------------------------- */

/* How the runtime handles one kind of box. Must outlive every box made with it (a static). */
typedef struct {
  /* Takes one more reference to `box`. Any thread, never under a runtime lock. Required. */
  void (*retain)(void *box);
  /* Drops one reference. Any thread, never under a runtime lock. Required. */
  void (*release)(void *box);
  /* Kotlin `==` of two boxes of this class. Any thread, never under a runtime lock. NULL: identity
     (===), as for a Kotlin class that does not override equals. */
  shared_KBoolean (*equals)(void *a, void *b);
} shared_BoxClass;

/* Wraps `box` as a Kotlin object of class `className` (copied; e.g. "LoginState.LoggedIn"), taking
   one reference (retain is called). Returns a kref owned by the caller, or NULL with *status set on
   misuse (NULL box, class or className). Any thread. */
shared_KNativePtr shared_Doubles_box(void *box, const shared_BoxClass *boxClass, const char *className,
                                     shared_Status *status);

/* The box behind `ref` (borrowed: valid while `ref` is), or NULL with a misuse counted when `ref` is
   not a box. Any thread. */
void *shared_Doubles_unbox(shared_KNativePtr ref, shared_Status *status);

/* --- objects: instances of a user's fake Kotlin class --------------------------------------- */

/* A new Kotlin object of class `className` (copied), as a kref owned by the caller; the object lives
   until that kref is disposed, so an object that is never disposed shows in liveStableRefs. */
shared_KNativePtr shared_Doubles_object(const char *className, shared_Status *status);

/* --- throwables ----------------------------------------------------------------------------- */

/* A Kotlin throwable of class `className` (e.g. "kotlin.IllegalArgumentException"; copied) with
   `message` (NULL for a null message; copied). Well-known kotlin.* exception names get their real
   superclasses; any other name is a subclass of kotlin.Exception. Kref owned by the caller. */
shared_kref_kotlin_Throwable shared_Doubles_throwable(const char *className, const char *message,
                                                      shared_Status *status);

/* The scope the calling thread works for: on a worker, the scope of the job it runs (a body's `start`
   sees its job's scope); elsewhere the thread's current scope (shared_TestRuntime_setCurrentScope).
   NULL handle for the global scope. The handle is borrowed. */
shared_Scope shared_Doubles_currentScope(void);

/* Counts a misuse with `message` (copied) in the current scope, for mistakes a double detects on the
   Swift side (a value type with no Kotlin equality, emitting from the wrong task). Any thread. */
void shared_Doubles_reportMisuse(const char *message);

/* --- state and shared flows ----------------------------------------------------------------- */

/* MutableStateFlow(initial) — `initial` is borrowed. Equal values (see shared_Value and the box's
   equals) are conflated. Kref owned by the caller. */
shared_kref_kotlinx_coroutines_flow_MutableStateFlow shared_Doubles_MutableStateFlow(const shared_Value *initial,
                                                                                    shared_Status *status);

/* BufferOverflow of MutableSharedFlow. */
typedef enum {
  shared_BufferOverflow_suspend = 0,    /* emit suspends while a subscriber is behind (default) */
  shared_BufferOverflow_dropOldest = 1, /* never suspends; the oldest buffered value is dropped */
  shared_BufferOverflow_dropLatest = 2  /* never suspends; the value being emitted is dropped */
} shared_BufferOverflow;

/* MutableSharedFlow(replay, extraBufferCapacity, onBufferOverflow). As in Kotlin: negative replay or
   extraBufferCapacity, or a drop policy with replay + extraBufferCapacity == 0, is invalidArgument. */
shared_kref_kotlinx_coroutines_flow_MutableSharedFlow shared_Doubles_MutableSharedFlow(
  shared_KInt replay, shared_KInt extraBufferCapacity, int32_t onBufferOverflow, shared_Status *status);

/* --- bodies: cold flows and suspend functions written in Swift ------------------------------- */

typedef struct { shared_KNativePtr pinned; } shared_Driver;

typedef struct {
  void *context; /* passed back verbatim */
  /* Starts a run: returns the run's context (passed to resume / cancel / end). Worker thread.
     Required. The body must not call the driver before start has returned. */
  void *(*start)(void *context, shared_Driver driver);
  /* The run's pending emit / delay is over; cancelled: it throws CancellationException. Worker
     thread. Required. */
  void (*resume)(void *run, shared_KBoolean cancelled);
  /* The run's job was cancelled while the body was running (not suspended). Worker thread, at most
     once per run. Required. */
  void (*cancel)(void *run);
  /* The run is over (after shared_Driver_finish); release the run's context. Worker thread, exactly
     once per started run. Required. */
  void (*end)(void *run);
  /* The body is no longer used (the flow object was freed, or the call is done). Any thread, once.
     May be NULL. */
  void (*release)(void *context);
} shared_Body;

/* A cold Flow whose every collection runs `body` anew (flow { … }). Kref owned by the caller.
   On misuse (a NULL required callback) returns NULL, sets *status and calls body.release. */
shared_kref_kotlinx_coroutines_flow_Flow shared_Doubles_flow(shared_Body body, shared_Status *status);

/* A suspend function whose body is `body`, started as a Kotlin job in the current scope; the outcome
   goes to `continuation` as for any suspend call. Returns the call handle (see shared_Call_cancel /
   _release). On misuse returns a NULL handle, sets *status and calls body.release. */
shared_Call shared_Doubles_call(shared_Body body, shared_Continuation continuation, shared_Status *status);

/* emit(value) — `value` borrowed. ok: the body is now suspended until resume. finished: the run is
   over or the job is not a flow (misuse). Any thread. */
shared_Status shared_Driver_emit(shared_Driver driver, const shared_Value *value);
/* delay(millis) on the scope's clock; delay(0) and negative delays only yield, as in Kotlin. ok: the
   body is now suspended until resume. Any thread. */
shared_Status shared_Driver_delay(shared_Driver driver, shared_KLong millis);
/* The body awaits something outside its own driver (awaiting = true) — another Kotlin call or
   collection of its scope (after that call has started), or an outside event such as
   awaitCancellation() — or that wait is over (awaiting = false; for a Kotlin call, from the worker
   delivering its outcome, before the body runs again). While it awaits, the body does not count as
   running work, so the scope can be idle and virtual time can move. Calls may come in either order;
   the body counts as running while awaits <= resumptions. */
shared_Status shared_Driver_awaitingKotlin(shared_Driver driver, shared_KBoolean awaiting);
/* The body is over: completed (value: the call's result, ignored for flows), failed (throwable, owned
   by the runtime from here on), or cancelled (the body threw CancellationException). Exactly once;
   the driver is invalid afterwards. A call while an emit / delay is pending is a misuse. */
shared_Status shared_Driver_finish(shared_Driver driver, const shared_Outcome *outcome);

#ifdef __cplusplus
}
#endif

#endif /* SHARED_DOUBLES_H */
