// Suspend function objects inside the runtime (closures.c): Swift closures and Kotlin lambdas, and
// the awaiting of one from a job's step. Not part of the contract (see CInterop/include/shared_closures.h).
#ifndef KOTLIN_STUB_CLOSURES_INTERNAL_H
#define KOTLIN_STUB_CLOSURES_INTERNAL_H

#include "runtime.h"
#include "shared_closures.h"

// What a Kotlin lambda of the fixture module computes.
typedef enum {
  KS_LAMBDA_ADD,         // { it + operand }
  KS_LAMBDA_MULTIPLY,    // { it * operand }
  KS_LAMBDA_IDENTITY,    // { it }
  KS_LAMBDA_DELAY_THEN,  // { delay(delay_millis); operand }
} ks_lambda_op;

typedef struct ks_function ks_function;
typedef struct ks_invocation ks_invocation;

// A new Kotlin lambda of `arity` (retained by the caller).
ks_function *ks_lambda_new(int32_t arity, ks_lambda_op op, int32_t operand, int64_t delay_millis);
// The function behind a runtime value (an object of a function class), or NULL.
ks_function *ks_function_of(const ks_value *value);
int32_t ks_function_arity(const ks_function *function);

// One call of a suspend function awaited by a job's step: the coroutine's suspension point.
typedef struct {
  int phase;                 // 0 not started, 1 awaiting a Swift closure, 2 in a lambda's delay, 3 done
  ks_invocation *invocation; // Swift closures: retained until ks_await_reset
  bool timed;                // a timeout (withTimeoutOrNull) is around the call
  bool lambda_times_out;     // a lambda's delay is longer than the timeout
  bool cancel_forwarded;     // Kotlin cancelled the Swift closure (the job was cancelled, or timed out)
  bool job_cancelled;
  bool timed_out;
  ks_value lambda_result;
} ks_await;

typedef enum { KS_AWAIT_SUSPENDED, KS_AWAIT_DONE } ks_await_status;

// From a step: calls `function` with `args` (`count` values, taken) the first time, then on each
// resumption checks whether it is over. SUSPENDED: return KS_STEP_SUSPEND from the step. DONE:
// *kind is COMPLETE (*result set, owned), FAIL (*throwable set, owned) or CANCELLED; *timed_out tells
// that the timeout fired (the call was cancelled by it: withTimeoutOrNull answers null). A Swift
// closure that cancelled its own task cancels the awaiting job (ks_job_cancel_self).
// `timeout_millis` > 0 arms a timeout at the start. `cancelled` is the step's argument.
ks_await_status ks_await_step(ks_await *await, ks_job *job, ks_function *function, ks_value *args, int32_t count,
                              bool cancelled, int64_t timeout_millis, ks_step *kind, ks_value *result,
                              ks_object **throwable, bool *timed_out);
// Drops what the await holds, for the next call (or when the body's state is destroyed).
void ks_await_reset(ks_await *await);

#endif
