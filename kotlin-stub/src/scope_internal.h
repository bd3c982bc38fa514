// The scope structure, shared by scope.c and the dispatcher.
#ifndef KOTLIN_STUB_SCOPE_INTERNAL_H
#define KOTLIN_STUB_SCOPE_INTERNAL_H

#include "clock.h"

struct ks_scope {
  ks_object header;
  pthread_mutex_t lock;
  pthread_cond_t idle; // signalled when `active` drops to 0
  int32_t clock_mode;  // shared_ClockMode
  ks_clock *clock;     // the shared real clock, or &own_clock
  ks_clock own_clock;
  atomic_llong counts[KS_COUNT_FIELDS];
  int64_t active;    // worker tasks of this scope queued or running (lock)
  ks_job *jobs;      // jobs not yet done (lock)
  char last_misuse[512];
  bool has_misuse;   // (lock)
  bool closed;       // (lock)
  int advancing;     // threads inside advanceBy/advanceUntilIdle (lock)
  int64_t holds;     // work outside the runtime that auto-advance waits for (holdClock) (lock)
  shared_KNativePtr token; // its handle (NULL for the root scope); set once when opened
};

#endif
