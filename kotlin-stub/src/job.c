// Jobs: coroutines as resumable state machines, the way the Kotlin compiler lowers suspend
// functions. A job is QUEUED on the dispatcher, RUNNING its step on a worker, SUSPENDED at one wait
// (a delay, a signal, a parked emission), or DONE. Every wake-up (timer, signal, consumer demand,
// cancellation) goes through the job lock and ks_job_poke_locked, so none is lost and a job is never
// queued twice.
#include "scope_internal.h"

#include <stdlib.h>

static void job_run(ks_task *task);

void ks_job_init(ks_job *job, const ks_job_ops *ops, const shared_KType *type, void (*destroy)(ks_object *),
                 ks_scope *scope) {
  ks_object_init(&job->header, type, destroy);
  job->ops = ops;
  job->scope = (ks_scope *)ks_retain(&scope->header);
  ks_mutex_init(&job->lock);
  job->resume_task.run = job_run;
  job->state = KS_JOB_QUEUED;
  job->wait = KS_WAIT_NONE;
  job->wake_seq = 0;
  job->signalled = false;
  job->cancel_requested = false;
  job->cancel_by_consumer = false;
  job->cancel_seen = false;
  job->stepped = false;
  job->timer.heap_index = -1;
  job->timer.job = NULL;
  job->scope_prev = job->scope_next = NULL;
}

void ks_job_deinit(ks_job *job) {
  pthread_mutex_destroy(&job->lock);
  ks_release(&job->scope->header);
}

static void queue_locked(ks_job *job) {
  job->state = KS_JOB_QUEUED;
  ks_retain(&job->header); // released at the end of job_run
  ks_dispatch(&job->resume_task, job->scope);
}

// A yielding job goes behind the work already queued, on any worker.
static void requeue_yielded_locked(ks_job *job) {
  job->state = KS_JOB_QUEUED;
  job->wait = KS_WAIT_NONE;
  ks_retain(&job->header);
  ks_dispatch_shared(&job->resume_task, job->scope);
}

void ks_job_start(ks_job *job) {
  ks_scope_attach_job(job->scope, job);
  pthread_mutex_lock(&job->lock);
  queue_locked(job);
  pthread_mutex_unlock(&job->lock);
}

// Job lock held. Whether the awaited event of the current suspension has happened.
static bool ready_locked(ks_job *job) {
  switch (job->wait) {
  case KS_WAIT_DELAY:
  case KS_WAIT_SIGNAL:
  case KS_WAIT_SIGNAL_OR_DELAY: return job->signalled;
  case KS_WAIT_EMIT:
  case KS_WAIT_NEXT_REQUEST: return job->ops->ready_locked(job);
  case KS_WAIT_NONE: return true; // a step that suspended without waiting on anything yields
  case KS_WAIT_YIELD: return false; // re-queued by job_run, not resumed in place
  }
  return true;
}

// Job lock held. Takes a pending cancellation for the body: true once per job.
static bool take_cancel_locked(ks_job *job) {
  if (!job->cancel_requested || job->cancel_seen) return false;
  job->cancel_seen = true;
  if (job->wait == KS_WAIT_DELAY || job->wait == KS_WAIT_SIGNAL_OR_DELAY) ks_timer_disarm(job->scope, &job->timer);
  job->wait = KS_WAIT_NONE;
  return true;
}

void ks_job_poke_locked(ks_job *job) {
  if (job->state != KS_JOB_SUSPENDED) return; // a RUNNING job re-checks after its step
  if ((job->cancel_requested && !job->cancel_seen) || ready_locked(job)) queue_locked(job);
}

static void job_run(ks_task *task) {
  ks_job *job = (ks_job *)((char *)task - offsetof(ks_job, resume_task));
  pthread_mutex_lock(&job->lock);
  job->state = KS_JOB_RUNNING;
  // An undispatched start runs the body up to its first suspension point even if the job is
  // already cancelled: the cancellation is taken there, not before the first step.
  bool cancelled = (job->stepped || !job->ops->undispatched_start) && take_cancel_locked(job);
  job->stepped = true;
  if (!cancelled) job->wait = KS_WAIT_NONE;
  pthread_mutex_unlock(&job->lock);
  for (;;) {
    ks_object *throwable = NULL;
    ks_value result = ks_value_null();
    ks_step step = job->ops->step(job, cancelled, &throwable, &result);
    pthread_mutex_lock(&job->lock);
    if (step == KS_STEP_SUSPEND) {
      if (take_cancel_locked(job)) {
        cancelled = true;
      } else if (job->wait == KS_WAIT_YIELD) {
        requeue_yielded_locked(job);
        pthread_mutex_unlock(&job->lock);
        break;
      } else if (ready_locked(job)) {
        job->wait = KS_WAIT_NONE;
        cancelled = false;
      } else {
        job->state = KS_JOB_SUSPENDED;
        pthread_mutex_unlock(&job->lock);
        break;
      }
      pthread_mutex_unlock(&job->lock);
      continue;
    }
    // A collection whose cancellation was requested completes as cancelled even if its producer
    // returned normally; an exception still wins. A suspend call keeps its result: Swift export's
    // bridge hands back what the body returned (`continuation(block())`).
    if (step == KS_STEP_COMPLETE && job->cancel_requested && !job->ops->keeps_result_when_cancelled) {
      step = KS_STEP_CANCELLED;
      ks_value_destroy(&result);
    }
    job->state = KS_JOB_DONE;
    job->wait = KS_WAIT_NONE;
    job->ops->finished_locked(job, step, throwable, &result);
    pthread_mutex_unlock(&job->lock);
    job->ops->after_done(job);
    ks_scope_detach_job(job->scope, job);
    break;
  }
  ks_release(&job->header);
}

void ks_job_delay(ks_job *job, int64_t millis) {
  pthread_mutex_lock(&job->lock);
  job->wake_seq++;
  job->wait = KS_WAIT_DELAY;
  job->signalled = millis <= 0; // delay(0) only yields
  // kotlinx's delay(Long.MAX_VALUE) schedules nothing: it waits for cancellation, like
  // awaitCancellation(), so no clock ever fires it — a virtual one advanced to its end included.
  if (millis > 0 && millis != INT64_MAX) ks_timer_arm(job->scope, &job->timer, job, millis);
  pthread_mutex_unlock(&job->lock);
}

void ks_job_yield(ks_job *job) {
  pthread_mutex_lock(&job->lock);
  job->wake_seq++;
  job->wait = KS_WAIT_YIELD;
  pthread_mutex_unlock(&job->lock);
}

void ks_job_await_signal(ks_job *job) {
  pthread_mutex_lock(&job->lock);
  job->wake_seq++;
  job->wait = KS_WAIT_SIGNAL;
  job->signalled = false;
  pthread_mutex_unlock(&job->lock);
}

void ks_job_await_signal_or_delay(ks_job *job, int64_t millis) {
  pthread_mutex_lock(&job->lock);
  job->wake_seq++;
  job->wait = KS_WAIT_SIGNAL_OR_DELAY;
  job->signalled = millis <= 0; // a timeout already over wakes the job at once
  if (millis > 0) ks_timer_arm(job->scope, &job->timer, job, millis);
  pthread_mutex_unlock(&job->lock);
}

void ks_job_signal(ks_job *job) {
  pthread_mutex_lock(&job->lock);
  if (job->state != KS_JOB_DONE && (job->wait == KS_WAIT_SIGNAL || job->wait == KS_WAIT_SIGNAL_OR_DELAY)) {
    if (job->wait == KS_WAIT_SIGNAL_OR_DELAY) ks_timer_disarm(job->scope, &job->timer);
    job->signalled = true;
    ks_job_poke_locked(job);
  }
  pthread_mutex_unlock(&job->lock);
}

void ks_job_timer_fired(ks_job *job, uint64_t wake_seq) {
  pthread_mutex_lock(&job->lock);
  bool timed = job->wait == KS_WAIT_DELAY || job->wait == KS_WAIT_SIGNAL_OR_DELAY;
  if (job->state != KS_JOB_DONE && timed && job->wake_seq == wake_seq) {
    job->signalled = true;
    ks_job_poke_locked(job);
  }
  pthread_mutex_unlock(&job->lock);
}

void ks_job_cancel_self(ks_job *job) {
  pthread_mutex_lock(&job->lock);
  if (!job->cancel_requested) {
    job->cancel_requested = true;
    job->cancel_by_consumer = false;
  }
  pthread_mutex_unlock(&job->lock);
}

bool ks_job_is_cancelled(ks_job *job) {
  pthread_mutex_lock(&job->lock);
  bool cancelled = job->cancel_requested;
  pthread_mutex_unlock(&job->lock);
  return cancelled;
}

bool ks_job_cancel_locked(ks_job *job, bool by_consumer) {
  if (job->state == KS_JOB_DONE) return false;
  if (!job->cancel_requested) {
    job->cancel_requested = true;
    job->cancel_by_consumer = by_consumer;
  }
  ks_job_poke_locked(job);
  return true;
}

bool ks_job_cancel(ks_job *job, bool by_consumer) {
  pthread_mutex_lock(&job->lock);
  bool result = ks_job_cancel_locked(job, by_consumer);
  pthread_mutex_unlock(&job->lock);
  return result;
}

void ks_waiter_register_locked(ks_waiter **head, ks_waiter *waiter, ks_job *job) {
  if (waiter->registered) return;
  waiter->job = (ks_job *)ks_retain(&job->header);
  waiter->registered = true;
  waiter->next = *head;
  *head = waiter;
}

bool ks_waiter_remove_locked(ks_waiter **head, ks_waiter *waiter) {
  if (!waiter->registered) return false;
  ks_waiter **link = head;
  while (*link != waiter) link = &(*link)->next;
  *link = waiter->next;
  waiter->registered = false;
  return true;
}

ks_wake_list ks_waiters_take_locked(ks_waiter **head) {
  ks_wake_list list = {NULL, 0};
  for (ks_waiter *w = *head; w != NULL; w = w->next) list.count++;
  if (list.count > 0) list.jobs = ks_malloc((size_t)list.count * sizeof(ks_job *));
  int32_t i = 0;
  for (ks_waiter *w = *head; w != NULL; w = w->next) {
    w->registered = false;
    list.jobs[i++] = w->job;
  }
  *head = NULL;
  return list;
}

void ks_wake_list_signal(ks_wake_list list) {
  for (int32_t i = 0; i < list.count; i++) {
    ks_job_signal(list.jobs[i]);
    ks_release(&list.jobs[i]->header);
  }
  free(list.jobs);
}
