// SharedFlow emit throughput against N subscribers (issue 28, item 18), in C against the contract
// only, so that it measures the runtime and not the Swift adaptor. Not part of the SwiftPM target
// (its sources are `src`); build and run it with kotlin-stub/bench/run.sh.
//
// For each subscriber count: a real-clock scope, MutableSharedFlow<Int>(replay, extraBufferCapacity)
// (a test double), N collections whose consumer asks for the next item from inside onItems, then
// `emits` sequential emit calls, each awaited before the next. Reports the time from the first emit
// call to the last one's completion, and to the last delivery.
#include "kotlin_stub.h"
#include "shared_doubles.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

typedef struct {
  shared_Collection collection;
  atomic_int terminal;
} subscriber;

static atomic_long delivered;

static void on_items(void *context, const shared_Value *items, int32_t count) {
  (void)items;
  subscriber *s = context;
  atomic_fetch_add(&delivered, count);
  shared_Collection_request(s->collection);
}

static void on_terminal(void *context, shared_Terminal terminal) {
  (void)terminal;
  subscriber *s = context;
  atomic_store(&s->terminal, 1);
}

typedef struct {
  pthread_mutex_t lock;
  pthread_cond_t done;
  bool finished;
  int32_t kind;
} emit_wait;

static void resumed(void *context, const shared_Outcome *outcome) {
  emit_wait *w = context;
  pthread_mutex_lock(&w->lock);
  w->finished = true;
  w->kind = outcome->kind;
  pthread_cond_signal(&w->done);
  pthread_mutex_unlock(&w->lock);
}

static int32_t int_value(shared_kref_kotlinx_coroutines_flow_StateFlow flow) {
  shared_Value v;
  shared_StateFlow_value(flow, &v);
  int32_t result = v.as.i;
  shared_Value_dispose(&v);
  return result;
}

static bool bench(int subscribers, int emits, int replay, int extra, shared_BufferPolicy policy, double *emitted,
                  double *received) {
  shared_Scope scope = shared_TestRuntime_openScope(shared_ClockMode_real);
  shared_Scope previous = shared_TestRuntime_setCurrentScope(scope);
  shared_Status status = shared_Status_ok;
  shared_kref_kotlinx_coroutines_flow_MutableSharedFlow flow =
    shared_Doubles_MutableSharedFlow(replay, extra, shared_BufferOverflow_suspend, &status);
  shared_kref_kotlinx_coroutines_flow_StateFlow count = shared_MutableSharedFlow_subscriptionCount(flow);
  subscriber *subs = calloc((size_t)subscribers, sizeof(subscriber));
  shared_FlowCollector collector = {.onItems = on_items, .onTerminal = on_terminal};
  atomic_store(&delivered, 0);
  for (int i = 0; i < subscribers; i++) {
    collector.context = &subs[i];
    subs[i].collection = shared_Flow_collect((shared_kref_kotlinx_coroutines_flow_Flow){flow.pinned}, policy,
                                             collector, &status);
    shared_Collection_request(subs[i].collection);
  }
  while (int_value(count) < subscribers) sched_yield();

  emit_wait w = {.lock = PTHREAD_MUTEX_INITIALIZER, .done = PTHREAD_COND_INITIALIZER};
  double start = now_seconds();
  bool ok = true;
  for (int i = 0; i < emits && ok; i++) {
    shared_Value value = {.kind = shared_ValueKind_int, .as.i = i};
    w.finished = false;
    shared_Call call = shared_MutableSharedFlow_emit(flow, &value, (shared_Continuation){&w, resumed, false}, &status);
    pthread_mutex_lock(&w.lock);
    while (!w.finished) {
      struct timespec until;
      clock_gettime(CLOCK_REALTIME, &until);
      until.tv_sec += 60;
      if (pthread_cond_timedwait(&w.done, &w.lock, &until) != 0) break;
    }
    ok = w.finished && w.kind == shared_TerminalKind_completed;
    pthread_mutex_unlock(&w.lock);
    if (!ok) fprintf(stderr, "emit %d did not complete within 60 s\n", i);
    shared_Call_release(call);
  }
  *emitted = now_seconds() - start;
  long expected = (long)subscribers * emits;
  double give_up = now_seconds() + 60;
  while (ok && atomic_load(&delivered) < expected && now_seconds() < give_up) sched_yield();
  *received = now_seconds() - start;
  if (atomic_load(&delivered) < expected) ok = false;

  for (int i = 0; i < subscribers; i++) shared_Collection_release(subs[i].collection);
  shared_TestRuntime_awaitIdle(scope, 60000);
  free(subs);
  shared_symbols()->DisposeStablePointer(count.pinned);
  shared_symbols()->DisposeStablePointer(flow.pinned);
  shared_TestRuntime_setCurrentScope(previous);
  shared_TestRuntime_closeScope(scope);
  return ok;
}

int main(int argc, char **argv) {
  // usage: shared_flow_bench [replay extra policy emits N...]; policy: rendezvous | bounded:K | unbounded
  int replay = argc > 1 ? atoi(argv[1]) : 0;
  int extra = argc > 2 ? atoi(argv[2]) : 1;
  shared_BufferPolicy policy = {shared_BufferKind_rendezvous, 0};
  if (argc > 3 && strncmp(argv[3], "bounded:", 8) == 0) policy = (shared_BufferPolicy){shared_BufferKind_bounded, atoi(argv[3] + 8)};
  if (argc > 3 && strcmp(argv[3], "unbounded") == 0) policy.kind = shared_BufferKind_unbounded;
  int emits = argc > 4 ? atoi(argv[4]) : 100;
  int default_counts[] = {500, 1000, 2000, 4000, 10000};
  int n = argc > 5 ? argc - 5 : 5;
  printf("MutableSharedFlow<Int>(replay = %d, extraBufferCapacity = %d), %s consumers, %d emits\n", replay, extra,
         argc > 3 ? argv[3] : "rendezvous", emits);
  for (int i = 0; i < n; i++) {
    int subscribers = argc > 5 ? atoi(argv[5 + i]) : default_counts[i];
    double emitted = 0, received = 0;
    bool ok = bench(subscribers, emits, replay, extra, policy, &emitted, &received);
    printf("%6d subscribers: %d emits %8.3f s, all delivered %8.3f s%s\n", subscribers, emits, emitted, received,
           ok ? "" : "  (INCOMPLETE)");
    fflush(stdout);
  }
  return 0;
}
