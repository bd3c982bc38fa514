// Clocks: a timer heap with either real (monotonic) or virtual time.
#ifndef KOTLIN_STUB_CLOCK_H
#define KOTLIN_STUB_CLOCK_H

#include "runtime.h"

typedef struct ks_clock {
  pthread_mutex_t lock;
  pthread_cond_t changed; // real clock: the timer thread waits on it
  ks_timer **heap;
  int size, capacity;
  uint64_t next_seq;
  bool is_virtual;
  int64_t now; // virtual clocks only
} ks_clock;

void ks_clock_init(ks_clock *clock, bool is_virtual);
void ks_clock_deinit(ks_clock *clock);
ks_clock *ks_real_clock(void);
// Clock lock held: removes and returns the earliest timer if due by `limit`.
ks_timer *ks_clock_pop_due_locked(ks_clock *clock, int64_t limit);
int64_t ks_clock_now_locked(ks_clock *clock);

#endif
