// The dispatcher (like Dispatchers.Default: a fixed pool of worker threads sharing one FIFO run
// queue) and the real-time timer thread. Both start lazily on first use and live for the process.
#include "scope_internal.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static pthread_once_t start_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queue_nonempty = PTHREAD_COND_INITIALIZER;
static ks_task *queue_head, *queue_tail;
static _Thread_local bool is_worker;
static _Thread_local ks_scope *worker_scope;
// A worker's "run next" slot: a task dispatched by the task this worker is running (typically the
// delivery of an item the producer just emitted) runs right after it on the same thread, instead of
// waking another worker through the queue. Saves a thread wake-up per hand-over.
static _Thread_local ks_task *run_next;
static atomic_int queued; // tasks in the queue (read without the lock by idle workers)
enum { IDLE_SPINS = 100 };
static ks_clock real_clock;

int64_t ks_monotonic_millis(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static void *worker_main(void *argument) {
  (void)argument;
  is_worker = true;
  for (;;) {
    ks_task *task = run_next;
    run_next = NULL;
    if (task == NULL) {
      // Before sleeping, yield a little while for new work: a consumer usually asks for the next
      // item within microseconds, and a futex sleep/wake pair costs more than that.
      for (int spin = 0; spin < IDLE_SPINS && atomic_load_explicit(&queued, memory_order_relaxed) == 0; spin++)
        sched_yield();
      pthread_mutex_lock(&queue_lock);
      while (queue_head == NULL) pthread_cond_wait(&queue_nonempty, &queue_lock);
      task = queue_head;
      atomic_fetch_sub_explicit(&queued, 1, memory_order_relaxed);
      queue_head = task->next;
      if (queue_head == NULL) queue_tail = NULL;
      pthread_mutex_unlock(&queue_lock);
    }

    ks_scope *scope = task->scope; // retained by ks_dispatch
    worker_scope = scope;
    task->run(task); // may free `task`
    worker_scope = NULL;
    ks_scope_task_done(scope);
    ks_release(&scope->header);
  }
  return NULL;
}

static void *timer_main(void *argument) {
  (void)argument;
  ks_clock *clock = &real_clock;
  pthread_mutex_lock(&clock->lock);
  for (;;) {
    if (clock->size == 0) {
      pthread_cond_wait(&clock->changed, &clock->lock);
      continue;
    }
    int64_t now = ks_monotonic_millis();
    ks_timer *timer = ks_clock_pop_due_locked(clock, now);
    if (timer == NULL) {
      int64_t due = clock->heap[0]->due;
      struct timespec until = {.tv_sec = due / 1000, .tv_nsec = (long)(due % 1000) * 1000000};
      pthread_cond_timedwait(&clock->changed, &clock->lock, &until);
      continue;
    }
    ks_job *job = timer->job;
    uint64_t wake_seq = timer->wake_seq;
    timer->job = NULL;
    pthread_mutex_unlock(&clock->lock);
    ks_job_timer_fired(job, wake_seq);
    ks_release(&job->header);
    pthread_mutex_lock(&clock->lock);
  }
  return NULL;
}

static void start_threads(void) {
  ks_clock_init(&real_clock, false);
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  int workers = cores < 2 ? 2 : (cores > 8 ? 8 : (int)cores);
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  for (int i = 0; i <= workers; i++) {
    pthread_t thread;
    bool timer = i == workers;
    if (pthread_create(&thread, &attributes, timer ? timer_main : worker_main, NULL) != 0) {
      fprintf(stderr, "kotlin-stub: cannot start a %s thread\n", timer ? "timer" : "worker");
      abort();
    }
    char name[16];
    if (timer)
      snprintf(name, sizeof name, "kotlin-timer");
    else
      snprintf(name, sizeof name, "kotlin-worker-%d", i + 1);
    pthread_setname_np(thread, name);
  }
  pthread_attr_destroy(&attributes);
}

static void ensure_started(void) { pthread_once(&start_once, start_threads); }

ks_clock *ks_real_clock(void) {
  ensure_started();
  return &real_clock;
}

static void enqueue(ks_task *task) {
  pthread_mutex_lock(&queue_lock);
  atomic_fetch_add_explicit(&queued, 1, memory_order_relaxed);
  if (queue_tail != NULL)
    queue_tail->next = task;
  else
    queue_head = task;
  queue_tail = task;
  pthread_cond_signal(&queue_nonempty);
  pthread_mutex_unlock(&queue_lock);
}

static void prepare(ks_task *task, ks_scope *scope) {
  ensure_started();
  ks_retain(&scope->header);
  ks_scope_task_queued(scope);
  task->scope = scope;
  task->next = NULL;
}

void ks_dispatch_shared(ks_task *task, ks_scope *scope) {
  prepare(task, scope);
  enqueue(task);
}

void ks_publish_run_next(void) {
  ks_task *task = run_next;
  run_next = NULL;
  if (task != NULL) enqueue(task);
}

void ks_dispatch(ks_task *task, ks_scope *scope) {
  prepare(task, scope);
  if (is_worker) {
    // Keep the newest task for this thread; an older one waiting in the slot goes to the queue
    // so that it is not delayed behind a chain of hand-overs.
    ks_task *older = run_next;
    run_next = task;
    if (older != NULL) enqueue(older);
    return;
  }
  enqueue(task);
}

bool ks_on_worker_thread(void) { return is_worker; }
ks_scope *ks_worker_task_scope(void) { return worker_scope; }

shared_KBoolean shared_TestRuntime_isWorkerThread(void) { return is_worker; }
