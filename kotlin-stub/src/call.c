// A suspend call: a job running the function's body, and the delivery of exactly one outcome to
// the consumer's continuation. Everything below is guarded by job.lock.
#include "scope_internal.h"

#include <stdlib.h>

enum { OUTCOME_NONE, OUTCOME_READY, OUTCOME_DELIVERING, OUTCOME_DELIVERED };

struct ks_call {
  ks_job job;
  const ks_call_body *body;
  void *state;
  shared_Continuation continuation;
  int outcome;
  int32_t kind;
  ks_value result;
  ks_object *throwable;
  bool by_consumer;
  bool cancels_caller;
  bool released, counted_done;
  ks_task deliver_task;
};

ks_job *ks_call_job(ks_call *call) { return &call->job; }

static ks_step call_step(ks_job *job, bool cancelled, ks_object **throwable, ks_value *result) {
  ks_call *call = (ks_call *)job;
  return call->body->step(call, call->state, cancelled, throwable, result);
}

static bool call_ready_locked(ks_job *job) {
  (void)job;
  return false; // calls never wait on a channel
}

static void maybe_finish_locked(ks_call *call) {
  if (call->counted_done || !call->released || call->outcome != OUTCOME_DELIVERED) return;
  call->counted_done = true;
  ks_count(call->job.scope, KS_COUNT_CALLS, -1);
}

static void deliver(ks_task *task) {
  ks_call *call = (ks_call *)((char *)task - offsetof(ks_call, deliver_task));
  pthread_mutex_lock(&call->job.lock);
  call->outcome = OUTCOME_DELIVERING;
  shared_Outcome outcome = {
    .kind = call->kind, .requestedByConsumer = call->by_consumer, .cancelsCaller = call->cancels_caller};
  ks_value result = call->result;
  call->result = ks_value_null();
  ks_object *throwable = call->throwable;
  call->throwable = NULL;
  pthread_mutex_unlock(&call->job.lock);

  if (outcome.kind == shared_TerminalKind_completed) ks_value_export(&result, &outcome.value, false);
  if (throwable != NULL) outcome.throwable.pinned = ks_kref_for(throwable);
  call->continuation.resume(call->continuation.context, &outcome);
  ks_value_free_export(&outcome.value);
  ks_value_destroy(&result);
  ks_release(throwable);

  pthread_mutex_lock(&call->job.lock);
  call->outcome = OUTCOME_DELIVERED;
  maybe_finish_locked(call);
  pthread_mutex_unlock(&call->job.lock);
  ks_release(&call->job.header);
}

static void call_finished_locked(ks_job *job, ks_step step, ks_object *throwable, ks_value *result) {
  ks_call *call = (ks_call *)job;
  call->outcome = OUTCOME_READY;
  // The body cancelled its own job (coroutineContext.cancel()): as Swift export's SwiftJob does,
  // the cancellation reaches the calling Swift task, whatever the outcome.
  call->cancels_caller = job->cancel_requested && !job->cancel_by_consumer;
  if (step == KS_STEP_FAIL) {
    call->kind = shared_TerminalKind_failed;
    call->throwable = throwable;
  } else {
    ks_release(throwable);
    if (step == KS_STEP_COMPLETE) {
      call->kind = shared_TerminalKind_completed;
      call->result = *result;
    } else {
      // A CancellationException thrown without the job being cancelled (withTimeout's
      // TimeoutCancellationException) is neither the consumer's nor the caller's cancellation.
      call->kind = shared_TerminalKind_cancelled;
      call->by_consumer = job->cancel_requested && job->cancel_by_consumer;
      ks_value_destroy(result);
    }
  }
  *result = ks_value_null();
  ks_retain(&job->header);
  ks_dispatch(&call->deliver_task, job->scope);
}

static void call_after_done(ks_job *job) {
  ks_call *call = (ks_call *)job;
  pthread_mutex_lock(&job->lock);
  void *state = call->state;
  call->state = NULL;
  pthread_mutex_unlock(&job->lock);
  // Kotlin drops the body's captures (lambdas among them) when the coroutine completes.
  if (state != NULL && call->body->destroy_state != NULL) call->body->destroy_state(state);
}

static const ks_job_ops call_ops = {
  .step = call_step,
  .ready_locked = call_ready_locked,
  .finished_locked = call_finished_locked,
  .after_done = call_after_done,
  .undispatched_start = true,
  .keeps_result_when_cancelled = true,
};

static void call_destroy(ks_object *object) {
  ks_call *call = (ks_call *)object;
  if (call->state != NULL && call->body->destroy_state != NULL) call->body->destroy_state(call->state);
  ks_value_destroy(&call->result);
  ks_release(call->throwable);
  ks_job_deinit(&call->job);
  free(call);
}

shared_Call ks_call_start(const ks_call_body *body, void *state, shared_Continuation continuation,
                          shared_Status *status) {
  shared_Status ignored;
  if (status == NULL) status = &ignored;
  if (continuation.resume == NULL) {
    ks_misuse("a suspend call was started with a NULL continuation.resume; pass a callback to receive the outcome");
    *status = shared_Status_nullArgument;
    if (state != NULL && body->destroy_state != NULL) body->destroy_state(state);
    return (shared_Call){NULL};
  }
  ks_scope *scope = ks_scope_current();
  ks_call *call = ks_calloc(1, sizeof(ks_call));
  ks_job_init(&call->job, &call_ops, &ks_type_call, call_destroy, scope);
  call->body = body;
  call->state = state;
  call->continuation = continuation;
  call->outcome = OUTCOME_NONE;
  call->result = ks_value_null();
  call->deliver_task.run = deliver;
  shared_KNativePtr token = ks_handle_new(KS_HANDLE_CALL, &call->job.header, NULL);
  if (token == NULL) {
    *status = shared_Status_invalidArgument;
    ks_release(&call->job.header);
    return (shared_Call){NULL};
  }
  ks_count(scope, KS_COUNT_CALLS, 1);
  if (continuation.callerCancelled) {
    call->job.cancel_requested = true; // before the job is visible to any other thread
    call->job.cancel_by_consumer = true;
  }
  ks_job_start(&call->job);
  ks_release(&call->job.header); // the handle and the queued step hold it now
  *status = shared_Status_ok;
  return (shared_Call){token};
}

static shared_Status cancel_locked(ks_call *call) {
  if (call->outcome >= OUTCOME_DELIVERING) return shared_Status_finished;
  ks_job_cancel_locked(&call->job, true); // a finished job keeps its outcome, as a completed Deferred does
  return shared_Status_ok;
}

shared_Status shared_Call_cancel(shared_Call handle) {
  ks_object *object = NULL;
  shared_Status status = ks_handle_get(handle.pinned, KS_HANDLE_CALL, "shared_Call_cancel", &object);
  if (status != shared_Status_ok) return status;
  ks_call *call = (ks_call *)object;
  pthread_mutex_lock(&call->job.lock);
  status = cancel_locked(call);
  pthread_mutex_unlock(&call->job.lock);
  ks_release(object);
  return status;
}

shared_Status shared_Call_release(shared_Call handle) {
  ks_object *object = NULL;
  shared_Status status = ks_handle_free(handle.pinned, KS_HANDLE_CALL, "shared_Call_release", &object);
  if (status != shared_Status_ok) return status;
  ks_call *call = (ks_call *)object;
  pthread_mutex_lock(&call->job.lock);
  call->released = true;
  cancel_locked(call);
  maybe_finish_locked(call);
  pthread_mutex_unlock(&call->job.lock);
  ks_release(object);
  return shared_Status_ok;
}
