// MutableStateFlow and its read-only view. A collector is a producer job that emits the current
// value, then waits for a version change; values equal to the last one it emitted are skipped.
// Because it reads the *latest* value each time it resumes, a slow consumer never sees a backlog.
#include "runtime.h"

#include <stdlib.h>

struct ks_state_flow {
  ks_object header;
  pthread_mutex_t lock;
  ks_value value;
  uint64_t version;
  ks_waiter *waiters; // collectors waiting for the next change
  bool any_value;     // a double's MutableStateFlow<T>: its Swift wrapper checks T, not the runtime
  int32_t subscribers; // collectors from their first step until they end (Kotlin's subscriptionCount)
  ks_state_flow *subscription_count; // created on first request; NULL until then (a state flow of
                                     // its own would otherwise need one too, endlessly)
};

typedef struct {
  ks_object header;
  ks_state_flow *inner;
} readonly_view;

typedef struct {
  ks_state_flow *flow;
  ks_waiter waiter;
  bool started;
  bool subscribed, unsubscribed; // counted in the flow's subscribers, and taken off again
  uint64_t seen_version;
  ks_value last; // last value emitted to this collector
} collector_state;

static void state_flow_destroy(ks_object *object) {
  ks_state_flow *flow = (ks_state_flow *)object;
  if (flow->subscription_count != NULL) ks_release(&flow->subscription_count->header);
  ks_value_destroy(&flow->value);
  pthread_mutex_destroy(&flow->lock);
  free(flow);
}

ks_state_flow *ks_state_flow_new(ks_value initial) {
  ks_state_flow *flow = ks_calloc(1, sizeof(ks_state_flow));
  ks_object_init(&flow->header, &ks_type_mutable_state_flow, state_flow_destroy);
  ks_mutex_init(&flow->lock);
  flow->value = initial;
  return flow;
}

static void view_destroy(ks_object *object) {
  readonly_view *view = (readonly_view *)object;
  ks_release(&view->inner->header);
  free(view);
}

void ks_state_flow_accept_any_value(ks_state_flow *flow) { flow->any_value = true; }
bool ks_state_flow_accepts_any_value(const ks_state_flow *flow) { return flow->any_value; }

ks_object *ks_state_flow_readonly(ks_state_flow *flow) {
  readonly_view *view = ks_calloc(1, sizeof(readonly_view));
  ks_object_init(&view->header, &ks_type_readonly_state_flow, view_destroy);
  view->inner = (ks_state_flow *)ks_retain(&flow->header);
  return &view->header;
}

ks_state_flow *ks_state_flow_of(ks_object *object) {
  if (object == NULL) return NULL;
  if (object->type == &ks_type_mutable_state_flow) return (ks_state_flow *)object;
  if (object->type == &ks_type_readonly_state_flow) return ((readonly_view *)object)->inner;
  return NULL;
}

void ks_state_flow_get(ks_state_flow *flow, ks_value *out) {
  pthread_mutex_lock(&flow->lock);
  *out = ks_value_copy(&flow->value);
  pthread_mutex_unlock(&flow->lock);
}

// Flow lock held; takes ownership of `value`.
static ks_wake_list replace_locked(ks_state_flow *flow, ks_value *value, ks_value *old) {
  *old = flow->value;
  flow->value = *value;
  *value = ks_value_null();
  flow->version++;
  return ks_waiters_take_locked(&flow->waiters);
}

// Kotlin compares with `equals`, which for a box is user code, and user code never runs under a
// runtime lock here. So the comparison runs on a copy outside the lock, and its result is applied only
// if no other update came in meanwhile (the version is unchanged); otherwise it is decided again.
// Values that need no callback are compared under the lock, as before.
static bool apply(ks_state_flow *flow, const ks_value *expect /* NULL: set */, const ks_value *update) {
  ks_value copy = ks_value_copy(update);
  bool callbacks = ks_value_needs_callbacks(update) || (expect != NULL && ks_value_needs_callbacks(expect));
  for (;;) {
    ks_value old = ks_value_null();
    ks_wake_list woken = {NULL, 0};
    pthread_mutex_lock(&flow->lock);
    bool matches, same;
    if (!callbacks && !ks_value_needs_callbacks(&flow->value)) {
      matches = expect == NULL || ks_value_equal(&flow->value, expect);
      same = matches && ks_value_equal(&flow->value, &copy);
    } else {
      uint64_t version = flow->version;
      ks_value current = ks_value_copy(&flow->value);
      pthread_mutex_unlock(&flow->lock);
      matches = expect == NULL || ks_value_equal(&current, expect);
      same = matches && ks_value_equal(&current, &copy);
      ks_value_destroy(&current);
      pthread_mutex_lock(&flow->lock);
      if (flow->version != version) { // changed while we compared: decide again
        pthread_mutex_unlock(&flow->lock);
        continue;
      }
    }
    if (matches && !same) woken = replace_locked(flow, &copy, &old); // equal: no emission
    pthread_mutex_unlock(&flow->lock);
    ks_value_destroy(&copy);
    ks_value_destroy(&old);
    ks_wake_list_signal(woken);
    return matches;
  }
}

void ks_state_flow_set(ks_state_flow *flow, const ks_value *value) { (void)apply(flow, NULL, value); }

bool ks_state_flow_compare_and_set(ks_state_flow *flow, const ks_value *expect, const ks_value *update) {
  return apply(flow, expect, update);
}

void ks_state_flow_update_int(ks_state_flow *flow, int32_t delta) {
  pthread_mutex_lock(&flow->lock);
  flow->value.as.i = (int32_t)((uint32_t)flow->value.as.i + (uint32_t)delta); // Kotlin Int wraps
  flow->version++;
  ks_wake_list woken = ks_waiters_take_locked(&flow->waiters);
  pthread_mutex_unlock(&flow->lock);
  ks_wake_list_signal(woken);
}

ks_state_flow *ks_state_flow_subscription_count(ks_state_flow *flow) {
  pthread_mutex_lock(&flow->lock);
  if (flow->subscription_count == NULL) {
    flow->subscription_count = ks_state_flow_new(ks_value_int(flow->subscribers));
  }
  ks_state_flow *count = (ks_state_flow *)ks_retain(&flow->subscription_count->header);
  pthread_mutex_unlock(&flow->lock);
  return count;
}

// Under flow->lock (lock order: a flow, then its subscription count, which never takes the flow's).
static void count_subscriber_locked(ks_state_flow *flow, int32_t delta) {
  flow->subscribers += delta;
  if (flow->subscription_count != NULL) ks_state_flow_update_int(flow->subscription_count, delta);
}

static void unregister(collector_state *state) {
  pthread_mutex_lock(&state->flow->lock);
  bool removed = ks_waiter_remove_locked(&state->flow->waiters, &state->waiter);
  if (state->subscribed && !state->unsubscribed) { // the collection ends: it no longer subscribes
    state->unsubscribed = true;
    count_subscriber_locked(state->flow, -1);
  }
  pthread_mutex_unlock(&state->flow->lock);
  if (removed) ks_release(&state->waiter.job->header);
}

static ks_step collector_step(ks_collection *collection, void *raw, bool cancelled, ks_object **throwable) {
  (void)throwable;
  collector_state *state = raw;
  ks_job *job = ks_collection_job(collection);
  if (cancelled) {
    unregister(state);
    return KS_STEP_CANCELLED;
  }
  for (;;) {
    ks_job_await_signal(job); // before reading the version, so no change is missed
    pthread_mutex_lock(&state->flow->lock);
    if (!state->subscribed) { // the collector's first step: it subscribes (Kotlin counts it from here)
      state->subscribed = true;
      count_subscriber_locked(state->flow, +1);
    }
    if (state->started && state->flow->version == state->seen_version) {
      ks_waiter_register_locked(&state->flow->waiters, &state->waiter, job);
      pthread_mutex_unlock(&state->flow->lock);
      return KS_STEP_SUSPEND;
    }
    ks_value value = ks_value_copy(&state->flow->value);
    state->seen_version = state->flow->version;
    pthread_mutex_unlock(&state->flow->lock);
    if (state->started && ks_value_equal(&value, &state->last)) { // distinctUntilChanged
      ks_value_destroy(&value);
      continue;
    }
    state->started = true;
    ks_value_destroy(&state->last);
    state->last = ks_value_copy(&value);
    if (!ks_emit(collection, &value)) return KS_STEP_SUSPEND;
  }
}

static void collector_destroy_state(void *raw) {
  collector_state *state = raw;
  unregister(state);
  ks_value_destroy(&state->last);
  ks_release(&state->flow->header);
  free(state);
}

static const ks_producer_ops collector_ops = {.step = collector_step, .destroy_state = collector_destroy_state};

bool ks_state_flow_producer(ks_object *object, const ks_producer_ops **ops, void **state) {
  ks_state_flow *flow = ks_state_flow_of(object);
  if (flow == NULL) return false;
  collector_state *s = ks_calloc(1, sizeof(collector_state));
  s->flow = (ks_state_flow *)ks_retain(&flow->header);
  s->last = ks_value_null();
  *ops = &collector_ops;
  *state = s;
  return true;
}
