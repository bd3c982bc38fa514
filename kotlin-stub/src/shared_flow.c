// MutableSharedFlow(replay, extraBufferCapacity, onBufferOverflow), following
// kotlinx.coroutines' SharedFlowImpl: values carry absolute indices; each subscriber has the index
// of the next value it takes; the buffer keeps what the slowest subscriber still needs plus the
// replay window. `emit` suspends (and `tryEmit` fails) when the buffer is full and the slowest
// subscriber has not yet taken a value that would have to be dropped. With DROP_LATEST the value being
// emitted is dropped instead; with DROP_OLDEST the oldest buffered value is, and subscribers that had
// not taken it skip it (kotlinx's dropOldestLocked).
//
// With no buffer at all (replay 0, extraBufferCapacity 0: Kotlin's defaults) an emission is a
// rendezvous: one suspended `emit` at a time *offers* its value — it is placed at the head as if
// buffered, subscribers take it as they take any value, and the emitter is resumed once every
// subscriber has taken it (or has gone). Other emitters wait behind it. A subscriber arriving while a
// value is offered takes it too, as a new collector rendezvouses with kotlinx's first queued emitter.
// `tryEmit` never offers: it succeeds only when there is no subscriber (the value is dropped).
//
// Cost per emission is O(subscribers): subscribers that wait for a value are on a list of their own,
// detached whole by the next emission, and the slowest index is tracked with the number of
// subscribers at it, so that a subscriber taking a value does not scan the others (only the last one
// to leave the slowest index rescans, once per index).
#include "runtime.h"

#include <stdlib.h>

typedef struct emit_state emit_state;

typedef struct subscriber {
  int64_t index; // next value to take
  ks_job *job;
  bool waiting;                         // on the waiting list: signalled on the next emission
  struct subscriber *prev, *next;       // every subscriber (unlinked in O(1) when it goes)
  struct subscriber *wait_prev, *wait_next; // the waiting list
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
  int64_t min_index;  // the slowest subscriber's index (subscriber_count > 0)
  int32_t at_min;     // how many subscribers are at min_index
  subscriber *waiting; // subscribers waiting for the next emission
  int32_t waiting_count;
  ks_waiter *emitters; // suspended emit calls
  emit_state *offer;   // no buffer: the emit call whose value is offered at index offer_index
  int64_t offer_index;
  ks_state_flow *subscription_count;
};

struct emit_state {
  ks_shared_flow *flow;
  ks_value value;
  ks_waiter self;
  ks_job *job;    // while offering: the call's job (the call outlives its state)
  bool offering;  // flow lock: this call's value is the flow's offer
  bool delivered; // flow lock: every subscriber took the offered value (or none is left)
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

// No buffer: emissions are rendezvous offers (the factory refuses a drop policy without a buffer).
static bool rendezvous(const ks_shared_flow *flow) {
  return flow->replay + flow->extra == 0 && flow->overflow == shared_BufferOverflow_suspend;
}

static int64_t replay_start_locked(ks_shared_flow *flow) {
  int64_t start = flow->head - flow->replay;
  if (start < flow->replay_floor) start = flow->replay_floor;
  if (start < flow->start) start = flow->start;
  return start;
}

// Where a new subscriber starts: the replay cache, or the value on offer (it is not replayed, but a
// subscriber arriving now takes it and the emitter waits for it too, as in kotlinx).
static int64_t new_subscriber_index_locked(ks_shared_flow *flow) {
  return flow->offer != NULL ? flow->offer_index : replay_start_locked(flow);
}

static int64_t min_subscriber_locked(ks_shared_flow *flow) {
  return flow->subscriber_count > 0 ? flow->min_index : flow->head;
}

// O(subscribers): when the last subscriber at the slowest index leaves it (once per index), and when
// subscribers are moved together (DROP_OLDEST, a withdrawn offer).
static void recount_min_locked(ks_shared_flow *flow) {
  flow->min_index = flow->head;
  flow->at_min = 0;
  for (subscriber *s = flow->subscribers; s != NULL; s = s->next) {
    if (s->index < flow->min_index) {
      flow->min_index = s->index;
      flow->at_min = 0;
    }
    if (s->index == flow->min_index) flow->at_min++;
  }
}

// A subscriber joins at `index` (subscriber_count already counts it).
static void arrived_at_index_locked(ks_shared_flow *flow, int64_t index) {
  if (flow->subscriber_count == 1 || index < flow->min_index) {
    flow->min_index = index;
    flow->at_min = 1;
  } else if (index == flow->min_index) {
    flow->at_min++;
  }
}

// A subscriber left `index`: it moved forward, or it is gone (subscriber_count no longer counts
// it). Whether the slowest index advanced, so that room may have appeared.
static bool left_index_locked(ks_shared_flow *flow, int64_t index) {
  if (flow->subscriber_count == 0) return true;
  if (index != flow->min_index || --flow->at_min > 0) return false;
  recount_min_locked(flow); // every other subscriber is past `index`, and so is this one if it moved
  return true;
}

static bool move_subscriber_locked(ks_shared_flow *flow, subscriber *s, int64_t index) {
  int64_t old = s->index;
  s->index = index;
  return left_index_locked(flow, old);
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

static void wait_link_locked(ks_shared_flow *flow, subscriber *s) {
  if (s->waiting) return;
  s->waiting = true;
  s->wait_prev = NULL;
  s->wait_next = flow->waiting;
  if (flow->waiting != NULL) flow->waiting->wait_prev = s;
  flow->waiting = s;
  flow->waiting_count++;
}

static void wait_unlink_locked(ks_shared_flow *flow, subscriber *s) {
  if (!s->waiting) return;
  s->waiting = false;
  if (s->wait_prev != NULL)
    s->wait_prev->wait_next = s->wait_next;
  else
    flow->waiting = s->wait_next;
  if (s->wait_next != NULL) s->wait_next->wait_prev = s->wait_prev;
  flow->waiting_count--;
}

// Appends; returns the waiting subscribers' jobs (retained), to signal once the lock is released.
static ks_job **emit_locked(ks_shared_flow *flow, const ks_value *value, int32_t *woken_count) {
  if (flow->size == flow->capacity) {
    flow->capacity = flow->capacity == 0 ? 8 : flow->capacity * 2;
    flow->values = ks_realloc(flow->values, (size_t)flow->capacity * sizeof(ks_value));
  }
  flow->values[flow->size++] = ks_value_copy(value);
  flow->head++;
  trim_locked(flow);
  int32_t n = 0;
  ks_job **woken = NULL;
  if (flow->waiting_count > 0) woken = ks_malloc((size_t)flow->waiting_count * sizeof(ks_job *));
  for (subscriber *s = flow->waiting; s != NULL; s = s->wait_next) {
    s->waiting = false;
    woken[n++] = (ks_job *)ks_retain(&s->job->header);
  }
  flow->waiting = NULL;
  flow->waiting_count = 0;
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

// Flow lock held, after subscribers moved or went: the offered value is delivered once no
// subscriber is left before it. Returns the offering call's job to signal (retained), or NULL.
static ks_job *settle_offer_locked(ks_shared_flow *flow) {
  if (flow->offer == NULL || min_subscriber_locked(flow) <= flow->offer_index) return NULL;
  emit_state *offer = flow->offer;
  flow->offer = NULL;
  offer->offering = false;
  offer->delivered = true;
  ks_job *job = offer->job;
  offer->job = NULL;
  trim_locked(flow); // the offered value is nobody's any more
  return job; // the retain taken when it offered
}

// What to wake after subscribers moved or went, taken under the flow lock, signalled without it.
typedef struct {
  ks_wake_list emitters;
  ks_job *offerer;
} room_made;

// Flow lock held. `advanced`: the slowest subscriber moved on (or one went): room may have appeared,
// so suspended emitters retry, and an offered value may now be delivered.
static room_made room_made_locked(ks_shared_flow *flow, bool advanced) {
  room_made made = {{NULL, 0}, NULL};
  if (!advanced) return made;
  trim_locked(flow);
  made.offerer = settle_offer_locked(flow);
  made.emitters = ks_waiters_take_locked(&flow->emitters); // they retry: room may have appeared
  return made;
}

static void room_made_signal(room_made made) {
  if (made.offerer != NULL) {
    ks_job_signal(made.offerer);
    ks_release(&made.offerer->header);
  }
  ks_wake_list_signal(made.emitters);
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
    recount_min_locked(flow);
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
  room_made made = room_made_locked(flow, true);
  pthread_mutex_unlock(&flow->lock);
  room_made_signal(made);
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
  subscriber *self = &state->self;
  pthread_mutex_lock(&flow->lock);
  wait_unlink_locked(flow, self);
  if (self->prev != NULL)
    self->prev->next = self->next;
  else
    flow->subscribers = self->next;
  if (self->next != NULL) self->next->prev = self->prev;
  flow->subscriber_count--;
  room_made made = room_made_locked(flow, left_index_locked(flow, self->index));
  update_count_locked(flow);
  pthread_mutex_unlock(&flow->lock);
  room_made_signal(made);
}

static ks_step subscriber_step(ks_collection *collection, void *raw, bool cancelled, ks_object **throwable) {
  (void)throwable;
  subscriber_state *state = raw;
  ks_shared_flow *flow = state->flow;
  subscriber *self = &state->self;
  ks_job *job = ks_collection_job(collection);
  if (cancelled) {
    unsubscribe(state);
    return KS_STEP_CANCELLED;
  }
  if (!state->subscribed) {
    pthread_mutex_lock(&flow->lock);
    self->index = new_subscriber_index_locked(flow); // the replay cache comes first
    self->job = job;                                 // the collection outlives its subscription
    self->prev = NULL;
    self->next = flow->subscribers;
    if (flow->subscribers != NULL) flow->subscribers->prev = self;
    flow->subscribers = self;
    flow->subscriber_count++;
    arrived_at_index_locked(flow, self->index);
    update_count_locked(flow);
    pthread_mutex_unlock(&flow->lock);
    state->subscribed = true;
  }
  for (;;) {
    pthread_mutex_lock(&flow->lock);
    bool advanced = false;
    if (self->index < flow->start) advanced = move_subscriber_locked(flow, self, flow->start); // values reset away
    if (self->index >= flow->head) {
      // Only an emission signals a waiting subscriber, and it finds it on the waiting list under
      // this lock: awaiting the signal here (flow lock before job lock) loses none, and a subscriber
      // that finds a value takes it without touching its job's lock.
      ks_job_await_signal(job);
      wait_link_locked(flow, self);
      room_made made = room_made_locked(flow, advanced);
      pthread_mutex_unlock(&flow->lock);
      room_made_signal(made);
      return KS_STEP_SUSPEND;
    }
    ks_value value = ks_value_copy(&flow->values[self->index - flow->start]);
    advanced = move_subscriber_locked(flow, self, self->index + 1) || advanced;
    room_made made = room_made_locked(flow, advanced);
    pthread_mutex_unlock(&flow->lock);
    room_made_signal(made);
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

// A call that is cancelled or gone while its value is on offer withdraws it (kotlinx's cancelEmitter):
// subscribers that have not taken it skip it; those that took it keep it.
static void emitter_unregister(emit_state *state) {
  ks_shared_flow *flow = state->flow;
  ks_job *offerer = NULL;
  ks_wake_list retry = {NULL, 0};
  pthread_mutex_lock(&flow->lock);
  bool removed = ks_waiter_remove_locked(&flow->emitters, &state->self);
  if (state->offering) {
    state->offering = false;
    flow->offer = NULL;
    offerer = state->job;
    state->job = NULL;
    for (subscriber *s = flow->subscribers; s != NULL; s = s->next)
      if (s->index <= flow->offer_index) s->index = flow->offer_index + 1;
    if (flow->subscriber_count > 0) recount_min_locked(flow);
    trim_locked(flow);
    retry = ks_waiters_take_locked(&flow->emitters); // the next emitter may offer now
  }
  pthread_mutex_unlock(&flow->lock);
  if (removed) ks_release(&state->self.job->header);
  if (offerer != NULL) ks_release(&offerer->header);
  ks_wake_list_signal(retry);
}

static ks_step emit_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  (void)throwable;
  emit_state *state = raw;
  ks_shared_flow *flow = state->flow;
  ks_job *job = ks_call_job(call);
  if (cancelled) {
    emitter_unregister(state);
    return KS_STEP_CANCELLED;
  }
  ks_job_await_signal(job);
  pthread_mutex_lock(&flow->lock);
  if (state->offering) { // signalled before every subscriber took the value (cannot happen; harmless)
    pthread_mutex_unlock(&flow->lock);
    return KS_STEP_SUSPEND;
  }
  if (state->delivered) {
    pthread_mutex_unlock(&flow->lock);
    *result = ks_value_unit();
    return KS_STEP_COMPLETE;
  }
  ks_job **woken = NULL;
  int32_t n = 0;
  if (offer_locked(flow, &state->value, &woken, &n) != OFFER_FULL) {
    pthread_mutex_unlock(&flow->lock);
    if (woken != NULL) signal_jobs(woken, n);
    *result = ks_value_unit();
    return KS_STEP_COMPLETE;
  }
  if (rendezvous(flow) && flow->offer == NULL) {
    // No buffer, and subscribers: offer the value to them and wait until each has taken it.
    woken = emit_locked(flow, &state->value, &n);
    flow->offer = state;
    flow->offer_index = flow->head - 1;
    state->offering = true;
    state->job = (ks_job *)ks_retain(&job->header);
    pthread_mutex_unlock(&flow->lock);
    if (woken != NULL) signal_jobs(woken, n);
    return KS_STEP_SUSPEND;
  }
  ks_waiter_register_locked(&flow->emitters, &state->self, job);
  pthread_mutex_unlock(&flow->lock);
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
