// MutableSharedFlow(replay, extraBufferCapacity, onBufferOverflow), following
// kotlinx.coroutines' SharedFlowImpl: values carry absolute indices; each subscriber has the index
// of the next value it takes; the buffer keeps what the slowest subscriber still needs plus the
// replay window. `emit` suspends (and `tryEmit` fails) when the buffer is full and the slowest
// subscriber has not yet taken a value that would have to be dropped. With DROP_LATEST the value being
// emitted is dropped instead; with DROP_OLDEST the oldest buffered value is, and subscribers that had
// not taken it skip it (kotlinx's dropOldestLocked).
#include "runtime.h"

#include <stdlib.h>

typedef struct subscriber {
  int64_t index; // next value to take
  ks_job *job;
  bool waiting; // registered for a signal on the next emission
  struct subscriber *next;
} subscriber;

struct ks_shared_flow {
  ks_object header;
  pthread_mutex_t lock;
  int32_t replay, extra;
  int32_t overflow; // shared_BufferOverflow
  bool any_value;   // a double's MutableSharedFlow<T>: its Swift wrapper checks T, not the runtime
  ks_value *values; // values[i] has absolute index start + i
  int32_t size, capacity;
  int64_t start, head;  // head: index of the next emission
  int64_t replay_floor; // resetReplayCache: nothing before it is replayed
  subscriber *subscribers;
  int32_t subscriber_count;
  ks_waiter *emitters; // suspended emit calls
  ks_state_flow *subscription_count;
};

static void shared_flow_destroy(ks_object *object) {
  ks_shared_flow *flow = (ks_shared_flow *)object;
  for (int32_t i = 0; i < flow->size; i++) ks_value_destroy(&flow->values[i]);
  free(flow->values);
  ks_release((ks_object *)flow->subscription_count);
  pthread_mutex_destroy(&flow->lock);
  free(flow);
}

ks_shared_flow *ks_shared_flow_new(int32_t replay, int32_t extra_buffer_capacity) {
  return ks_shared_flow_new_with_overflow(replay, extra_buffer_capacity, shared_BufferOverflow_suspend);
}

ks_shared_flow *ks_shared_flow_new_with_overflow(int32_t replay, int32_t extra_buffer_capacity, int32_t overflow) {
  ks_shared_flow *flow = ks_calloc(1, sizeof(ks_shared_flow));
  flow->overflow = overflow;
  ks_object_init(&flow->header, &ks_type_mutable_shared_flow, shared_flow_destroy);
  ks_mutex_init(&flow->lock);
  flow->replay = replay;
  flow->extra = extra_buffer_capacity;
  flow->subscription_count = ks_state_flow_new(ks_value_int(0));
  return flow;
}

void ks_shared_flow_accept_any_value(ks_shared_flow *flow) { flow->any_value = true; }
bool ks_shared_flow_accepts_any_value(const ks_shared_flow *flow) { return flow->any_value; }

ks_shared_flow *ks_shared_flow_of(ks_object *object) {
  return object != NULL && object->type == &ks_type_mutable_shared_flow ? (ks_shared_flow *)object : NULL;
}

ks_state_flow *ks_shared_flow_subscription_count(ks_shared_flow *flow) { return flow->subscription_count; }

static int64_t replay_start_locked(ks_shared_flow *flow) {
  int64_t start = flow->head - flow->replay;
  if (start < flow->replay_floor) start = flow->replay_floor;
  if (start < flow->start) start = flow->start;
  return start;
}

static int64_t min_subscriber_locked(ks_shared_flow *flow) {
  int64_t min = flow->head;
  for (subscriber *s = flow->subscribers; s != NULL; s = s->next)
    if (s->index < min) min = s->index;
  return min;
}

// Drops values nobody needs: before both the replay window and the slowest subscriber.
static void trim_locked(ks_shared_flow *flow) {
  int64_t keep_from = replay_start_locked(flow);
  int64_t slowest = min_subscriber_locked(flow);
  if (slowest < keep_from) keep_from = slowest;
  int32_t drop = (int32_t)(keep_from - flow->start);
  if (drop <= 0) return;
  for (int32_t i = 0; i < drop; i++) ks_value_destroy(&flow->values[i]);
  for (int32_t i = drop; i < flow->size; i++) flow->values[i - drop] = flow->values[i];
  flow->size -= drop;
  flow->start = keep_from;
}

static bool can_emit_locked(ks_shared_flow *flow) {
  if (flow->subscribers == NULL) return true; // no subscribers: never suspends
  int64_t replay_index = replay_start_locked(flow);
  int64_t slowest = min_subscriber_locked(flow);
  int64_t buffered = flow->head - (slowest < replay_index ? slowest : replay_index);
  return !(buffered >= flow->replay + flow->extra && slowest <= replay_index);
}

// Appends; returns the subscribers to signal (their `waiting` flags are cleared).
static ks_job **emit_locked(ks_shared_flow *flow, const ks_value *value, int32_t *woken_count) {
  if (flow->size == flow->capacity) {
    flow->capacity = flow->capacity == 0 ? 8 : flow->capacity * 2;
    flow->values = ks_realloc(flow->values, (size_t)flow->capacity * sizeof(ks_value));
  }
  flow->values[flow->size++] = ks_value_copy(value);
  flow->head++;
  trim_locked(flow);
  ks_job **woken = ks_calloc((size_t)flow->subscriber_count, sizeof(ks_job *));
  int32_t n = 0;
  for (subscriber *s = flow->subscribers; s != NULL; s = s->next) {
    if (!s->waiting) continue;
    s->waiting = false;
    woken[n++] = (ks_job *)ks_retain(&s->job->header);
  }
  *woken_count = n;
  return woken;
}

static void signal_jobs(ks_job **jobs, int32_t n) {
  for (int32_t i = 0; i < n; i++) {
    ks_job_signal(jobs[i]);
    ks_release(&jobs[i]->header);
  }
  free(jobs);
}

typedef enum { OFFER_EMITTED, OFFER_DROPPED, OFFER_FULL } offer_result;

// Flow lock held. Emits `value` (copied) if the buffer has room, or applies the overflow policy.
static offer_result offer_locked(ks_shared_flow *flow, const ks_value *value, ks_job ***woken, int32_t *n) {
  *woken = NULL;
  *n = 0;
  if (!can_emit_locked(flow)) {
    if (flow->overflow == shared_BufferOverflow_suspend) return OFFER_FULL;
    if (flow->overflow == shared_BufferOverflow_dropLatest) return OFFER_DROPPED;
    // DROP_OLDEST: the slowest subscribers give up the oldest value so that this one fits.
    int64_t oldest = min_subscriber_locked(flow);
    for (subscriber *s = flow->subscribers; s != NULL; s = s->next)
      if (s->index == oldest) s->index = oldest + 1;
  }
  *woken = emit_locked(flow, value, n);
  return OFFER_EMITTED;
}

bool ks_shared_flow_try_emit(ks_shared_flow *flow, const ks_value *value) {
  pthread_mutex_lock(&flow->lock);
  ks_job **woken = NULL;
  int32_t n = 0;
  offer_result offered = offer_locked(flow, value, &woken, &n);
  pthread_mutex_unlock(&flow->lock);
  if (woken != NULL) signal_jobs(woken, n);
  return offered != OFFER_FULL; // a dropped value still counts as emitted, as in Kotlin
}

void ks_shared_flow_replay_cache(ks_shared_flow *flow, ks_value *out) {
  pthread_mutex_lock(&flow->lock);
  int64_t from = replay_start_locked(flow);
  int32_t n = (int32_t)(flow->head - from);
  ks_value list = {.kind = shared_ValueKind_list, .count = n};
  list.as.list = ks_calloc((size_t)n, sizeof(ks_value));
  for (int32_t i = 0; i < n; i++) list.as.list[i] = ks_value_copy(&flow->values[from - flow->start + i]);
  pthread_mutex_unlock(&flow->lock);
  *out = list;
}

void ks_shared_flow_reset_replay_cache(ks_shared_flow *flow) {
  pthread_mutex_lock(&flow->lock);
  flow->replay_floor = flow->head;
  trim_locked(flow);
  ks_wake_list retry = ks_waiters_take_locked(&flow->emitters);  // they retry: room may have appeared
  pthread_mutex_unlock(&flow->lock);
  ks_wake_list_signal(retry);
}

// --- subscribers (collections of the shared flow) -----------------------------------------------

typedef struct {
  ks_shared_flow *flow;
  subscriber self;
  bool subscribed, unsubscribed;
} subscriber_state;

static void update_count_locked(ks_shared_flow *flow) {
  ks_value count = ks_value_int(flow->subscriber_count);
  ks_state_flow_set(flow->subscription_count, &count); // shared-flow lock before state-flow lock
}

static void unsubscribe(subscriber_state *state) {
  if (!state->subscribed || state->unsubscribed) return;
  state->unsubscribed = true;
  ks_shared_flow *flow = state->flow;
  pthread_mutex_lock(&flow->lock);
  subscriber **link = &flow->subscribers;
  while (*link != &state->self) link = &(*link)->next;
  *link = state->self.next;
  flow->subscriber_count--;
  trim_locked(flow);
  ks_wake_list retry = ks_waiters_take_locked(&flow->emitters);  // they retry: room may have appeared
  update_count_locked(flow);
  pthread_mutex_unlock(&flow->lock);
  ks_wake_list_signal(retry);
}

static ks_step subscriber_step(ks_collection *collection, void *raw, bool cancelled, ks_object **throwable) {
  (void)throwable;
  subscriber_state *state = raw;
  ks_shared_flow *flow = state->flow;
  ks_job *job = ks_collection_job(collection);
  if (cancelled) {
    unsubscribe(state);
    return KS_STEP_CANCELLED;
  }
  if (!state->subscribed) {
    pthread_mutex_lock(&flow->lock);
    state->self.index = replay_start_locked(flow); // the replay cache comes first
    state->self.job = job;                         // the collection outlives its subscription
    state->self.next = flow->subscribers;
    flow->subscribers = &state->self;
    flow->subscriber_count++;
    update_count_locked(flow);
    pthread_mutex_unlock(&flow->lock);
    state->subscribed = true;
  }
  for (;;) {
    ks_job_await_signal(job);
    pthread_mutex_lock(&flow->lock);
    if (state->self.index < flow->start) state->self.index = flow->start; // values reset away
    if (state->self.index >= flow->head) {
      state->self.waiting = true;
      pthread_mutex_unlock(&flow->lock);
      return KS_STEP_SUSPEND;
    }
    ks_value value = ks_value_copy(&flow->values[state->self.index - flow->start]);
    state->self.index++;
    trim_locked(flow);
    ks_wake_list retry = ks_waiters_take_locked(&flow->emitters);  // they retry: room may have appeared
    pthread_mutex_unlock(&flow->lock);
    ks_wake_list_signal(retry);
    if (!ks_emit(collection, &value)) return KS_STEP_SUSPEND;
  }
}

static void subscriber_destroy_state(void *raw) {
  subscriber_state *state = raw;
  unsubscribe(state);
  ks_release(&state->flow->header);
  free(state);
}

static const ks_producer_ops subscriber_ops = {.step = subscriber_step, .destroy_state = subscriber_destroy_state};

bool ks_shared_flow_producer(ks_object *object, const ks_producer_ops **ops, void **state) {
  ks_shared_flow *flow = ks_shared_flow_of(object);
  if (flow == NULL) return false;
  subscriber_state *s = ks_calloc(1, sizeof(subscriber_state));
  s->flow = (ks_shared_flow *)ks_retain(&flow->header);
  *ops = &subscriber_ops;
  *state = s;
  return true;
}

// --- suspend fun emit(value) ----------------------------------------------------------------------

typedef struct {
  ks_shared_flow *flow;
  ks_value value;
  ks_waiter self;
} emit_state;

static void emitter_unregister(emit_state *state) {
  pthread_mutex_lock(&state->flow->lock);
  bool removed = ks_waiter_remove_locked(&state->flow->emitters, &state->self);
  pthread_mutex_unlock(&state->flow->lock);
  if (removed) ks_release(&state->self.job->header);
}

static ks_step emit_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  (void)throwable;
  emit_state *state = raw;
  ks_job *job = ks_call_job(call);
  if (cancelled) {
    emitter_unregister(state);
    return KS_STEP_CANCELLED;
  }
  ks_job_await_signal(job);
  pthread_mutex_lock(&state->flow->lock);
  ks_job **woken = NULL;
  int32_t n = 0;
  if (offer_locked(state->flow, &state->value, &woken, &n) != OFFER_FULL) {
    pthread_mutex_unlock(&state->flow->lock);
    if (woken != NULL) signal_jobs(woken, n);
    *result = ks_value_unit();
    return KS_STEP_COMPLETE;
  }
  ks_waiter_register_locked(&state->flow->emitters, &state->self, job);
  pthread_mutex_unlock(&state->flow->lock);
  return KS_STEP_SUSPEND;
}

static void emit_destroy_state(void *raw) {
  emit_state *state = raw;
  emitter_unregister(state);
  ks_value_destroy(&state->value);
  ks_release(&state->flow->header);
  free(state);
}

static const ks_call_body emit_body = {.step = emit_step, .destroy_state = emit_destroy_state};

shared_Call ks_shared_flow_emit(ks_shared_flow *flow, ks_value *value, shared_Continuation continuation,
                                shared_Status *status) {
  emit_state *state = ks_calloc(1, sizeof(emit_state));
  state->flow = (ks_shared_flow *)ks_retain(&flow->header);
  state->value = *value;
  *value = ks_value_null();
  return ks_call_start(&emit_body, state, continuation, status);
}
