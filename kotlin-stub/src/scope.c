// Runtime scopes (a CoroutineScope with its own test dispatcher view): attribution of work,
// per-scope and global counters, misuse reports, virtual clocks, and the test-runtime API.
#include "scope_internal.h"

#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

static ks_scope root_scope;
static pthread_once_t root_once = PTHREAD_ONCE_INIT;
static atomic_llong global_counts[KS_COUNT_FIELDS];
static atomic_llong live_scopes;
static pthread_mutex_t global_misuse_lock = PTHREAD_MUTEX_INITIALIZER;
static char global_last_misuse[512];
static bool global_has_misuse;
static _Thread_local ks_scope *user_scope; // set by shared_TestRuntime_setCurrentScope (retained)
static _Thread_local shared_KNativePtr user_scope_token; // its token, returned as "previous"

static void scope_init(ks_scope *scope, int32_t mode) {
  ks_mutex_init(&scope->lock);
  pthread_cond_init(&scope->idle, NULL);
  scope->clock_mode = mode;
  if (mode == shared_ClockMode_real) {
    scope->clock = ks_real_clock();
  } else {
    ks_clock_init(&scope->own_clock, true);
    scope->clock = &scope->own_clock;
  }
  for (int i = 0; i < KS_COUNT_FIELDS; i++) atomic_init(&scope->counts[i], 0);
  scope->active = 0;
  scope->jobs = NULL;
  scope->has_misuse = false;
  scope->closed = false;
  scope->advancing = 0;
  scope->holds = 0;
}

static void scope_destroy(ks_object *object) {
  ks_scope *scope = (ks_scope *)object;
  if (scope->clock == &scope->own_clock) ks_clock_deinit(&scope->own_clock);
  pthread_cond_destroy(&scope->idle);
  pthread_mutex_destroy(&scope->lock);
  free(scope);
}

static void root_init(void) {
  ks_object_init(&root_scope.header, &ks_type_scope, NULL);
  root_scope.header.permanent = true;
  scope_init(&root_scope, shared_ClockMode_real);
}

ks_scope *ks_scope_root(void) {
  pthread_once(&root_once, root_init);
  return &root_scope;
}

ks_scope *ks_scope_current(void) {
  if (user_scope != NULL) return user_scope;
  ks_scope *worker = ks_worker_task_scope();
  return worker != NULL ? worker : ks_scope_root();
}

void ks_count(ks_scope *scope, ks_count_field field, int64_t delta) {
  atomic_fetch_add_explicit(&scope->counts[field], delta, memory_order_relaxed);
  atomic_fetch_add_explicit(&global_counts[field], delta, memory_order_relaxed);
}

__attribute__((format(printf, 2, 0))) static void misuse_in(ks_scope *scope, const char *format, va_list arguments) {
  char message[512];
  vsnprintf(message, sizeof message, format, arguments);
  ks_count(scope, KS_COUNT_MISUSES, 1);
  pthread_mutex_lock(&scope->lock);
  memcpy(scope->last_misuse, message, sizeof message);
  scope->has_misuse = true;
  pthread_mutex_unlock(&scope->lock);
  pthread_mutex_lock(&global_misuse_lock);
  memcpy(global_last_misuse, message, sizeof message);
  global_has_misuse = true;
  pthread_mutex_unlock(&global_misuse_lock);
  if (getenv("KOTLIN_STUB_TRACE_MISUSE") != NULL) fprintf(stderr, "kotlin-stub misuse: %s\n", message);
}

void ks_misuse(const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  misuse_in(ks_scope_current(), format, arguments);
  va_end(arguments);
}

// A misuse charged to `scope` (the one the call named), whatever scope is current.
static void misuse_scope(ks_scope *scope, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void misuse_scope(ks_scope *scope, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  misuse_in(scope, format, arguments);
  va_end(arguments);
}

void ks_scope_attach_job(ks_scope *scope, ks_job *job) {
  pthread_mutex_lock(&scope->lock);
  job->scope_prev = NULL;
  job->scope_next = scope->jobs;
  if (scope->jobs != NULL) scope->jobs->scope_prev = job;
  scope->jobs = job;
  bool closed = scope->closed;
  pthread_mutex_unlock(&scope->lock);
  if (closed) ks_job_cancel(job, true); // a closed scope cancels what starts in it
}

void ks_scope_detach_job(ks_scope *scope, ks_job *job) {
  pthread_mutex_lock(&scope->lock);
  if (job->scope_prev != NULL)
    job->scope_prev->scope_next = job->scope_next;
  else if (scope->jobs == job)
    scope->jobs = job->scope_next;
  if (job->scope_next != NULL) job->scope_next->scope_prev = job->scope_prev;
  job->scope_prev = job->scope_next = NULL;
  pthread_mutex_unlock(&scope->lock);
}

void ks_scope_task_queued(ks_scope *scope) {
  pthread_mutex_lock(&scope->lock);
  scope->active++;
  pthread_mutex_unlock(&scope->lock);
}

// One of the scope's tasks (or a released hold) has finished. On an auto-advancing virtual scope
// that is now idle on both sides (no task, no hold), the earliest timer fires *before* the finished
// task stops counting, so nobody can observe the scope idle between the two: awaitIdle and
// settle() see either the old task or the job the timer queued, never a gap.
static void finish_one(ks_scope *scope) {
  ks_clock *clock = scope->clock;
  bool auto_mode = scope->clock_mode == shared_ClockMode_virtualAutoAdvance;
  for (;;) {
    ks_timer *timer = NULL;
    if (auto_mode) pthread_mutex_lock(&clock->lock);
    pthread_mutex_lock(&scope->lock);
    if (auto_mode && scope->active == 1 && scope->holds == 0 && scope->advancing == 0)
      timer = ks_clock_pop_due_locked(clock, INT64_MAX);
    if (timer == NULL) {
      bool idle = --scope->active == 0;
      if (idle) pthread_cond_broadcast(&scope->idle);
      pthread_mutex_unlock(&scope->lock);
      if (auto_mode) pthread_mutex_unlock(&clock->lock);
      return;
    }
    pthread_mutex_unlock(&scope->lock);
    if (timer->due > clock->now) clock->now = timer->due;
    ks_job *job = timer->job;
    uint64_t wake_seq = timer->wake_seq;
    timer->job = NULL;
    pthread_mutex_unlock(&clock->lock);
    ks_job_timer_fired(job, wake_seq); // queues the job (active + 1) unless the wait is stale
    ks_release(&job->header);
    // Loop: if the timer queued nothing (stale), the next timer is tried.
  }
}

void ks_scope_task_done(ks_scope *scope) { finish_one(scope); }

int64_t shared_TestRuntime_holdClock(shared_Scope handle, int32_t delta) {
  ks_object *object = NULL;
  if (ks_handle_get(handle.pinned, KS_HANDLE_SCOPE, "shared_TestRuntime_holdClock", &object) != shared_Status_ok)
    return -1;
  ks_scope *scope = (ks_scope *)object;
  pthread_mutex_lock(&scope->lock);
  bool underflow = scope->holds + delta < 0;
  if (!underflow) scope->holds += delta;
  int64_t holds = scope->holds;
  bool released = !underflow && delta < 0 && holds == 0;
  if (released) scope->active++; // the release counts as a finishing task (see finish_one)
  pthread_mutex_unlock(&scope->lock);
  if (underflow)
    misuse_scope(scope, "shared_TestRuntime_holdClock: releasing a hold that was never taken (count would be %lld)",
              (long long)(holds + delta));
  if (released) finish_one(scope);
  ks_release(object);
  return underflow ? -1 : holds;
}

// --- the test-runtime API ---------------------------------------------------------------------

static ks_scope *resolve_scope(shared_Scope handle, const char *what, shared_Status *status) {
  if (handle.pinned == NULL) {
    *status = shared_Status_ok;
    return (ks_scope *)ks_retain(&ks_scope_root()->header);
  }
  ks_object *object = NULL;
  *status = ks_handle_get(handle.pinned, KS_HANDLE_SCOPE, what, &object);
  return (ks_scope *)object;
}

shared_Scope shared_TestRuntime_openScope(int32_t clockMode) {
  if (clockMode < shared_ClockMode_real || clockMode > shared_ClockMode_virtualAutoAdvance) {
    ks_misuse("shared_TestRuntime_openScope: unknown clock mode %d; use shared_ClockMode_real, _virtual or "
              "_virtualAutoAdvance",
              clockMode);
    return (shared_Scope){NULL};
  }
  ks_scope *scope = ks_calloc(1, sizeof(ks_scope));
  ks_object_init(&scope->header, &ks_type_scope, scope_destroy);
  scope_init(scope, clockMode);
  shared_KNativePtr token = ks_handle_new(KS_HANDLE_SCOPE, &scope->header, NULL);
  scope->token = token;
  ks_release(&scope->header); // the handle holds it now
  if (token != NULL) atomic_fetch_add(&live_scopes, 1);
  return (shared_Scope){token};
}

// Marks the scope closed and cancels every job still running in it (outside the scope lock:
// cancelling takes job locks). Jobs started in it later are cancelled at once.
static void cancel_scope(ks_scope *scope) {
  pthread_mutex_lock(&scope->lock);
  scope->closed = true;
  int count = 0;
  for (ks_job *job = scope->jobs; job != NULL; job = job->scope_next) count++;
  ks_job **jobs = ks_calloc((size_t)count, sizeof(ks_job *));
  int i = 0;
  for (ks_job *job = scope->jobs; job != NULL; job = job->scope_next) jobs[i++] = (ks_job *)ks_retain(&job->header);
  pthread_mutex_unlock(&scope->lock);
  for (i = 0; i < count; i++) {
    ks_job_cancel(jobs[i], true);
    ks_release(&jobs[i]->header);
  }
  free(jobs);
}

shared_Status shared_TestRuntime_cancelScope(shared_Scope handle) {
  ks_object *object = NULL;
  shared_Status status = ks_handle_get(handle.pinned, KS_HANDLE_SCOPE, "shared_TestRuntime_cancelScope", &object);
  if (status != shared_Status_ok) return status;
  cancel_scope((ks_scope *)object);
  ks_release(object);
  return shared_Status_ok;
}

shared_Status shared_TestRuntime_closeScope(shared_Scope handle) {
  ks_object *object = NULL;
  shared_Status status = ks_handle_free(handle.pinned, KS_HANDLE_SCOPE, "shared_TestRuntime_closeScope", &object);
  if (status != shared_Status_ok) return status;
  ks_scope *scope = (ks_scope *)object;
  atomic_fetch_sub(&live_scopes, 1);
  cancel_scope(scope);
  if (user_scope == scope) {
    user_scope = NULL;
    user_scope_token = NULL;
    ks_release(&scope->header);
  }
  ks_release(&scope->header);
  return shared_Status_ok;
}

// Borrowed, not retained: the caller keeps the scope alive until ks_scope_leave, which puts back the
// thread-local's previous (retained) scope. The token is untouched: nothing reads it meanwhile.
ks_scope *ks_scope_enter(ks_scope *scope) {
  ks_scope *previous = user_scope;
  user_scope = scope;
  return previous;
}

void ks_scope_leave(ks_scope *previous) { user_scope = previous; }

shared_Scope shared_TestRuntime_setCurrentScope(shared_Scope handle) {
  shared_Scope previous = {user_scope_token};
  ks_scope *next = NULL;
  if (handle.pinned != NULL) {
    ks_object *object = NULL;
    if (ks_handle_get(handle.pinned, KS_HANDLE_SCOPE, "shared_TestRuntime_setCurrentScope", &object) !=
        shared_Status_ok)
      return previous; // unchanged
    next = (ks_scope *)object; // retained by the thread-local
  }
  ks_scope *old = user_scope;
  user_scope = next;
  user_scope_token = handle.pinned;
  if (old != NULL) ks_release(&old->header);
  return previous;
}


const char *shared_TestRuntime_liveRefClasses(shared_Scope handle) {
  shared_Status status;
  ks_scope *scope = resolve_scope(handle, "shared_TestRuntime_liveRefClasses", &status);
  if (scope == NULL) return NULL;
  char summary[1024];
  ks_handles_describe_refs(scope, summary, sizeof summary);
  ks_release(&scope->header);
  return summary[0] != '\0' ? ks_owned_strdup(summary) : NULL;
}

shared_Status shared_TestRuntime_counters(shared_Scope handle, shared_Counters *out) {
  if (out == NULL) {
    ks_misuse("shared_TestRuntime_counters: `out` is NULL");
    return shared_Status_nullArgument;
  }
  memset(out, 0, sizeof(*out));
  atomic_llong *counts = global_counts;
  ks_scope *scope = NULL;
  if (handle.pinned != NULL) {
    shared_Status status;
    scope = resolve_scope(handle, "shared_TestRuntime_counters", &status);
    if (scope == NULL) return status;
    counts = scope->counts;
  } else {
    out->liveScopes = atomic_load(&live_scopes);
  }
  out->liveStableRefs = atomic_load(&counts[KS_COUNT_REFS]);
  out->liveCollections = atomic_load(&counts[KS_COUNT_COLLECTIONS]);
  out->pendingCalls = atomic_load(&counts[KS_COUNT_CALLS]);
  out->misuses = atomic_load(&counts[KS_COUNT_MISUSES]);
  out->collectionsStarted = atomic_load(&counts[KS_COUNT_COLLECTIONS_STARTED]);
  out->producerFinallyRuns = atomic_load(&counts[KS_COUNT_FINALLY_RUNS]);
  out->bufferedItems = atomic_load(&counts[KS_COUNT_BUFFERED]);
  out->waitingConsumers = atomic_load(&counts[KS_COUNT_WAITING_CONSUMERS]);
  if (scope != NULL) ks_release(&scope->header);
  return shared_Status_ok;
}

const char *shared_TestRuntime_lastMisuse(shared_Scope handle) {
  char message[512];
  bool has = false;
  if (handle.pinned == NULL) {
    pthread_mutex_lock(&global_misuse_lock);
    has = global_has_misuse;
    memcpy(message, global_last_misuse, sizeof message);
    pthread_mutex_unlock(&global_misuse_lock);
  } else {
    shared_Status status;
    ks_scope *scope = resolve_scope(handle, "shared_TestRuntime_lastMisuse", &status);
    if (scope == NULL) return NULL;
    pthread_mutex_lock(&scope->lock);
    has = scope->has_misuse;
    memcpy(message, scope->last_misuse, sizeof message);
    pthread_mutex_unlock(&scope->lock);
    ks_release(&scope->header);
  }
  return has ? ks_owned_strdup(message) : NULL;
}

// Runs due timers of a virtual scope in order up to `limit` (INT64_MAX: until none is left),
// waiting for the scope to go quiet before each one.
static shared_Status advance(shared_Scope handle, int64_t millis, bool until_idle, bool only_one, const char *what,
                             bool *fired_any, int64_t limit) {
  shared_Status status;
  ks_scope *scope = resolve_scope(handle, what, &status);
  if (scope == NULL) return status;
  if (scope->clock_mode == shared_ClockMode_real) {
    ks_misuse("%s: the scope uses real time; open it with shared_ClockMode_virtual to control its clock", what);
    ks_release(&scope->header);
    return shared_Status_invalidArgument;
  }
  if (ks_worker_task_scope() == scope) {
    ks_misuse("%s: called from a callback of the same scope, which would wait for itself; advance from the test's "
              "own thread",
              what);
    ks_release(&scope->header);
    return shared_Status_invalidArgument;
  }
  if (millis < 0) {
    ks_misuse("%s: negative duration %lld ms", what, (long long)millis);
    ks_release(&scope->header);
    return shared_Status_invalidArgument;
  }
  ks_clock *clock = scope->clock;
  pthread_mutex_lock(&clock->lock);
  int64_t target = until_idle ? limit : clock->now + millis;
  pthread_mutex_unlock(&clock->lock);
  pthread_mutex_lock(&scope->lock);
  scope->advancing++;
  pthread_mutex_unlock(&scope->lock);
  for (;;) {
    pthread_mutex_lock(&scope->lock);
    while (scope->active > 0) pthread_cond_wait(&scope->idle, &scope->lock);
    pthread_mutex_unlock(&scope->lock);
    pthread_mutex_lock(&clock->lock);
    ks_timer *timer = ks_clock_pop_due_locked(clock, target);
    if (timer == NULL) {
      if (!until_idle && clock->now < target) clock->now = target;
      pthread_mutex_unlock(&clock->lock);
      break;
    }
    if (timer->due > clock->now) clock->now = timer->due;
    ks_job *job = timer->job;
    uint64_t wake_seq = timer->wake_seq;
    timer->job = NULL;
    pthread_mutex_unlock(&clock->lock);
    ks_job_timer_fired(job, wake_seq);
    ks_release(&job->header);
    if (fired_any != NULL) *fired_any = true;
    if (only_one) {
      pthread_mutex_lock(&scope->lock);
      while (scope->active > 0) pthread_cond_wait(&scope->idle, &scope->lock);
      pthread_mutex_unlock(&scope->lock);
      break;
    }
  }
  pthread_mutex_lock(&scope->lock);
  scope->advancing--;
  pthread_mutex_unlock(&scope->lock);
  ks_release(&scope->header);
  return shared_Status_ok;
}

shared_Status shared_TestRuntime_advanceBy(shared_Scope scope, int64_t millis) {
  return advance(scope, millis, false, false, "shared_TestRuntime_advanceBy", NULL, INT64_MAX);
}

shared_Status shared_TestRuntime_advanceUntilIdle(shared_Scope scope) {
  return advance(scope, 0, true, false, "shared_TestRuntime_advanceUntilIdle", NULL, INT64_MAX);
}

shared_KBoolean shared_TestRuntime_runNextDelay(shared_Scope scope) {
  bool fired = false;
  advance(scope, 0, true, true, "shared_TestRuntime_runNextDelay", &fired, INT64_MAX);
  return fired;
}

shared_KBoolean shared_TestRuntime_runNextDelayDueBy(shared_Scope scope, int64_t limitMillis) {
  bool fired = false;
  advance(scope, 0, true, true, "shared_TestRuntime_runNextDelayDueBy", &fired, limitMillis);
  return fired;
}

int64_t shared_TestRuntime_pendingDelays(shared_Scope handle, int64_t *earliestDueMillis) {
  shared_Status status;
  ks_scope *scope = resolve_scope(handle, "shared_TestRuntime_pendingDelays", &status);
  if (scope == NULL) return -1;
  ks_clock *clock = scope->clock;
  int64_t count = -1;
  if (clock->is_virtual) { // a virtual scope owns its clock; the real clock is shared by all scopes
    pthread_mutex_lock(&clock->lock);
    count = clock->size; // disarming removes a timer from the heap, so every entry is pending
    if (count > 0 && earliestDueMillis != NULL) *earliestDueMillis = clock->heap[0]->due;
    pthread_mutex_unlock(&clock->lock);
  }
  ks_release(&scope->header);
  return count;
}

int64_t shared_TestRuntime_currentTimeMillis(shared_Scope handle) {
  shared_Status status;
  ks_scope *scope = resolve_scope(handle, "shared_TestRuntime_currentTimeMillis", &status);
  if (scope == NULL) return 0;
  int64_t now = ks_scope_now(scope);
  ks_release(&scope->header);
  return now;
}

shared_KBoolean shared_TestRuntime_awaitIdle(shared_Scope handle, int64_t timeoutMillis) {
  shared_Status status;
  ks_scope *scope = resolve_scope(handle, "shared_TestRuntime_awaitIdle", &status);
  if (scope == NULL) return false;
  if (ks_worker_task_scope() == scope) { // a callback waiting for its own scope would never return
    ks_release(&scope->header);
    return false;
  }
  struct timespec until;
  clock_gettime(CLOCK_REALTIME, &until);
  int64_t nanos = until.tv_nsec + (timeoutMillis < 0 ? 0 : timeoutMillis % 1000) * 1000000;
  until.tv_sec += (timeoutMillis < 0 ? 0 : timeoutMillis / 1000) + nanos / 1000000000;
  until.tv_nsec = nanos % 1000000000;
  pthread_mutex_lock(&scope->lock);
  int result = 0;
  while (scope->active > 0 && result == 0) result = pthread_cond_timedwait(&scope->idle, &scope->lock, &until);
  bool idle = scope->active == 0;
  pthread_mutex_unlock(&scope->lock);
  ks_release(&scope->header);
  return idle;
}
