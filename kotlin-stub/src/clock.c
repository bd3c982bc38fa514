// Timer heaps for the real clock and for each virtual clock. Timers with equal deadlines fire in
// the order they were armed, which keeps virtual time deterministic.
#include "scope_internal.h"

#include <stdlib.h>

void ks_clock_init(ks_clock *clock, bool is_virtual) {
  ks_mutex_init(&clock->lock);
  pthread_condattr_t attributes;
  pthread_condattr_init(&attributes);
  pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
  pthread_cond_init(&clock->changed, &attributes);
  pthread_condattr_destroy(&attributes);
  clock->heap = NULL;
  clock->size = clock->capacity = 0;
  clock->next_seq = 0;
  clock->is_virtual = is_virtual;
  clock->now = 0;
}

void ks_clock_deinit(ks_clock *clock) {
  free(clock->heap);
  pthread_cond_destroy(&clock->changed);
  pthread_mutex_destroy(&clock->lock);
}

static bool earlier(const ks_timer *a, const ks_timer *b) {
  return a->due < b->due || (a->due == b->due && a->seq < b->seq);
}

static void place(ks_clock *clock, int index, ks_timer *timer) {
  clock->heap[index] = timer;
  timer->heap_index = index;
}

static void sift_up(ks_clock *clock, int index) {
  ks_timer *timer = clock->heap[index];
  while (index > 0) {
    int parent = (index - 1) / 2;
    if (!earlier(timer, clock->heap[parent])) break;
    place(clock, index, clock->heap[parent]);
    index = parent;
  }
  place(clock, index, timer);
}

static void sift_down(ks_clock *clock, int index) {
  ks_timer *timer = clock->heap[index];
  for (;;) {
    int child = 2 * index + 1;
    if (child >= clock->size) break;
    if (child + 1 < clock->size && earlier(clock->heap[child + 1], clock->heap[child])) child++;
    if (!earlier(clock->heap[child], timer)) break;
    place(clock, index, clock->heap[child]);
    index = child;
  }
  place(clock, index, timer);
}

static void remove_at(ks_clock *clock, int index) {
  ks_timer *removed = clock->heap[index];
  clock->size--;
  if (index != clock->size) {
    ks_timer *moved = clock->heap[clock->size];
    place(clock, index, moved);
    sift_down(clock, index);
    sift_up(clock, moved->heap_index);
  }
  removed->heap_index = -1;
}

int64_t ks_clock_now_locked(ks_clock *clock) { return clock->is_virtual ? clock->now : ks_monotonic_millis(); }

ks_timer *ks_clock_pop_due_locked(ks_clock *clock, int64_t limit) {
  if (clock->size == 0 || clock->heap[0]->due > limit) return NULL;
  ks_timer *timer = clock->heap[0];
  remove_at(clock, 0);
  return timer;
}

void ks_timer_arm(ks_scope *scope, ks_timer *timer, ks_job *job, int64_t millis) {
  ks_clock *clock = scope->clock;
  pthread_mutex_lock(&clock->lock);
  if (clock->size == clock->capacity) {
    clock->capacity = clock->capacity == 0 ? 16 : clock->capacity * 2;
    clock->heap = ks_realloc(clock->heap, (size_t)clock->capacity * sizeof(ks_timer *));
  }
  int64_t now = ks_clock_now_locked(clock);
  // A deadline past the end of time saturates, as kotlinx-coroutines-test clamps it: such a delay
  // fires when a virtual clock reaches Long.MAX. delay(Long.MAX_VALUE) itself is never armed
  // (ks_job_delay): Kotlin never resumes it.
  timer->due = millis > INT64_MAX - now ? INT64_MAX : now + millis;
  timer->seq = clock->next_seq++;
  timer->job = (ks_job *)ks_retain(&job->header);
  timer->wake_seq = job->wake_seq;
  clock->heap[clock->size] = timer;
  timer->heap_index = clock->size;
  clock->size++;
  sift_up(clock, clock->size - 1);
  if (!clock->is_virtual) pthread_cond_signal(&clock->changed);
  pthread_mutex_unlock(&clock->lock);
}

bool ks_timer_disarm(ks_scope *scope, ks_timer *timer) {
  ks_clock *clock = scope->clock;
  ks_job *job = NULL;
  pthread_mutex_lock(&clock->lock);
  if (timer->heap_index >= 0) {
    remove_at(clock, timer->heap_index);
    job = timer->job;
    timer->job = NULL;
  }
  pthread_mutex_unlock(&clock->lock);
  if (job == NULL) return false;
  ks_release(&job->header);
  return true;
}

int64_t ks_scope_now(ks_scope *scope) {
  pthread_mutex_lock(&scope->clock->lock);
  int64_t now = ks_clock_now_locked(scope->clock);
  pthread_mutex_unlock(&scope->clock->lock);
  return now;
}
