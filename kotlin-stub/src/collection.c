// A collection: the producer coroutine (a job running the flow's body), the channel between it and
// the consumer (the buffer policy), and the delivery of batches and of exactly one terminal event.
//
// Items are delivered only against a request; `completed` / `failed` after every buffered item and
// against a request; `cancelled` (or the failure of a `finally` during cancellation) as soon as the
// producer has finished, request or not. One delivery task at a time, so a consumer's callbacks never
// overlap. Everything below is guarded by job.lock.
#include "scope_internal.h"
#include "value_queue.h"

#include <stdlib.h>
#include <string.h>

enum { TERMINAL_NONE, TERMINAL_READY, TERMINAL_DELIVERING, TERMINAL_DELIVERED };
// MAX_BATCH bounds one delivery whatever the buffer's capacity: a batch is allocated, exported and
// handed to the consumer in one piece, so its size bounds the memory of a delivery and the work done
// between two looks at cancellation.
enum { MAX_BATCH = 4096, STACK_BATCH = 64, YIELD_EVERY = 4096 };

struct ks_collection {
  ks_job job;
  bool external;
  shared_FlowCollector consumer;
  ks_internal_collector internal;
  int32_t policy, capacity, max_batch;
  ks_value_queue buffer; // see value_queue.h: O(1) under the lock however many items it holds
  bool has_pending; // a value parked by ks_emit until there is room
  ks_value pending;
  bool demand;     // a request is outstanding
  bool delivering; // the delivery task is queued or running
  ks_task deliver_task;
  int terminal;
  int32_t terminal_kind;
  ks_object *throwable;
  bool released, counted_done;
  int32_t emits_this_step; // since the producer last yielded
  int32_t handed;          // conflated: items at the head already handed to a waiting consumer (0 or 1)
  bool emitted_any;        // the producer has emitted an item
  bool virtual_time;       // the scope's clock is virtual: the test scheduler's rules apply
  bool stepping;           // the producer's step is running (virtual time: deliveries wait for its end)
  bool delivery_deferred;  // a delivery was asked for while stepping
  ks_object *flow;
  const ks_producer_ops *producer;
  void *producer_state;
  // The delivery's own buffers, allocated at the first batch larger than STACK_BATCH and reused by
  // every later one (max_batch items each). Only the delivery task touches them, and one delivery
  // task runs at a time, so they need no lock; freed with the collection.
  ks_value *batch_items;
  shared_Value *batch_exported;
};

static ks_collection *of_job(ks_job *job) { return (ks_collection *)job; }
ks_job *ks_collection_job(ks_collection *c) { return &c->job; }
void *ks_collection_producer_state(ks_collection *c) { return c->producer_state; }

static void push_locked(ks_collection *c, ks_value *value) {
  ks_value_queue_push(&c->buffer, value);
}

// Takes the `n` front items (n >= 1) into `out`, in one block copy per chunk.
static void pop_many_locked(ks_collection *c, ks_value *out, int32_t n) {
  c->handed = c->handed > n ? c->handed - n : 0;
  ks_value_queue_pop_many(&c->buffer, out, n);
}

// The scope counts consumers with a request outstanding (a consumer waiting for its next item).
static void set_demand_locked(ks_collection *c, bool demand) {
  if (c->demand == demand) return;
  c->demand = demand;
  ks_count(c->job.scope, KS_COUNT_WAITING_CONSUMERS, demand ? 1 : -1);
}

static bool can_place_locked(ks_collection *c) {
  switch (c->policy) {
  case shared_BufferKind_rendezvous: return c->demand && c->buffer.count == 0;
  case shared_BufferKind_bounded: return c->buffer.count < c->capacity;
  default: return true;
  }
}

// Terminal `completed` / `failed` wait for a request; cancellation does not.
static bool terminal_needs_request_locked(ks_collection *c) {
  return !c->job.cancel_requested && c->terminal_kind != shared_TerminalKind_cancelled;
}

static bool delivery_needed_locked(ks_collection *c) {
  if (c->terminal == TERMINAL_READY) {
    if (!terminal_needs_request_locked(c)) return true;
    if (c->demand && c->buffer.count == 0) return true;
  }
  return c->demand && c->buffer.count > 0 && !c->job.cancel_requested && c->terminal < TERMINAL_DELIVERING;
}

static void schedule_delivery_locked(ks_collection *c) {
  if (c->delivering || !delivery_needed_locked(c)) return;
  if (c->virtual_time && c->stepping) {
    // On kotlinx-coroutines-test's single thread the consumer cannot run while the producer does:
    // even a request arriving now (from the consumer's thread) is served when the step ends.
    c->delivery_deferred = true;
    return;
  }
  c->delivering = true;
  ks_retain(&c->job.header); // released at the end of deliver()
  ks_dispatch(&c->deliver_task, c->job.scope);
}

static void publish_delivery(ks_collection *c);

bool ks_emit(ks_collection *c, ks_value *value) {
  pthread_mutex_lock(&c->job.lock);
  if (c->job.cancel_requested) { // emit throws CancellationException in a cancelled collector
    pthread_mutex_unlock(&c->job.lock);
    ks_value_destroy(value);
    return false;
  }
  bool keep_going = true;
  ks_value replaced = ks_value_null();
  bool first = !c->emitted_any;
  c->emitted_any = true;
  if (c->policy == shared_BufferKind_conflated && c->buffer.count > c->handed) {
    // Conflate: only the latest item not yet handed over is kept (it is the last one in the buffer).
    ks_value *last = ks_value_queue_back(&c->buffer);
    replaced = *last;
    *last = *value;
    *value = ks_value_null();
  } else if (can_place_locked(c)) {
    // A conflated consumer that is waiting receives this item itself, as a suspended receive() of
    // Kotlin's conflated channel does; later items conflate behind it. Under a virtual clock the
    // first item always finds the consumer waiting, as on kotlinx-coroutines-test's scheduler: the
    // collector suspends in receive() before the producer coroutine it launched first runs, so
    // what it sees cannot depend on when our consumer's first request arrives.
    if (c->policy == shared_BufferKind_conflated && c->buffer.count == 0 && (c->demand || (first && c->virtual_time)))
      c->handed = 1;
    push_locked(c, value);
    ks_count(c->job.scope, KS_COUNT_BUFFERED, 1);
    if (c->policy == shared_BufferKind_rendezvous) {
      // Handed over; `emit` returns when the consumer asks for the next item.
      c->job.wake_seq++;
      c->job.wait = KS_WAIT_NEXT_REQUEST;
      keep_going = false;
    }
  } else {
    c->pending = *value;
    c->has_pending = true;
    *value = ks_value_null();
    c->job.wake_seq++;
    c->job.wait = KS_WAIT_EMIT;
    keep_going = false;
  }
  schedule_delivery_locked(c);
  // Under a virtual clock the producer never yields on its own (kotlinx-coroutines-test runs a
  // producer that never suspends to its end), so what a consumer sees does not depend on timing.
  if (keep_going && !c->virtual_time && ++c->emits_this_step >= YIELD_EVERY) {
    // A producer that never has to wait (a buffer with room) yields now and then, so one long flow
    // does not hold a worker while other collections' work queues behind it (Kotlin's yield()).
    c->emits_this_step = 0;
    c->job.wake_seq++;
    c->job.wait = KS_WAIT_YIELD;
    keep_going = false;
  }
  pthread_mutex_unlock(&c->job.lock);
  if (keep_going) publish_delivery(c);
  ks_value_destroy(&replaced);
  return keep_going;
}

// The producer keeps running after scheduling a delivery. With a real clock the delivery goes to
// another worker at once, so the consumer is served while the producer emits (Kotlin's buffer()
// on Dispatchers.Default). With a virtual clock it waits in this worker's run-next slot until the
// producer's step suspends, yields (every YIELD_EVERY items) or ends, as on kotlinx-coroutines-test's
// single-threaded scheduler: the same items every run (a conflated flow keeps its last value).
static void publish_delivery(ks_collection *c) {
  if (c->job.scope->clock_mode == shared_ClockMode_real) ks_publish_run_next();
}

int32_t ks_emit_capacity(ks_collection *c) {
  pthread_mutex_lock(&c->job.lock);
  int32_t room = 0;
  if (!c->job.cancel_requested) {
    switch (c->policy) {
    case shared_BufferKind_bounded: room = c->capacity - c->buffer.count; break;
    case shared_BufferKind_unbounded: room = INT32_MAX; break;
    default: room = 0; break; // rendezvous and conflated hand over one item at a time
    }
  }
  pthread_mutex_unlock(&c->job.lock);
  return room;
}

bool ks_emit_many(ks_collection *c, ks_value *values, int32_t count) {
  pthread_mutex_lock(&c->job.lock);
  if (c->job.cancel_requested) {
    pthread_mutex_unlock(&c->job.lock);
    for (int32_t i = 0; i < count; i++) ks_value_destroy(&values[i]);
    return false;
  }
  ks_value_queue_push_many(&c->buffer, values, count); // room was checked: only grows
  ks_count(c->job.scope, KS_COUNT_BUFFERED, count);
  schedule_delivery_locked(c);
  bool keep_going = true;
  c->emits_this_step += count;
  if (!c->virtual_time && c->emits_this_step >= YIELD_EVERY) {
    c->emits_this_step = 0;
    c->job.wake_seq++;
    c->job.wait = KS_WAIT_YIELD;
    keep_going = false;
  }
  pthread_mutex_unlock(&c->job.lock);
  if (keep_going) publish_delivery(c);
  return keep_going;
}

static bool collection_ready_locked(ks_job *job) {
  ks_collection *c = of_job(job);
  if (job->wait == KS_WAIT_EMIT) {
    if (!c->has_pending || !can_place_locked(c)) return false;
    c->has_pending = false;
    push_locked(c, &c->pending);
    ks_count(c->job.scope, KS_COUNT_BUFFERED, 1);
    schedule_delivery_locked(c);
    if (c->policy != shared_BufferKind_rendezvous) return true;
    job->wait = KS_WAIT_NEXT_REQUEST;
  }
  // KS_WAIT_NEXT_REQUEST: the handed-over item was taken and the consumer asks again.
  return c->demand && c->buffer.count == 0;
}

static ks_step collection_step(ks_job *job, bool cancelled, ks_object **throwable, ks_value *result) {
  (void)result;
  ks_collection *c = of_job(job);
  if (c->virtual_time) {
    pthread_mutex_lock(&job->lock);
    c->stepping = true;
    pthread_mutex_unlock(&job->lock);
  }
  ks_step step = c->producer->step(c, c->producer_state, cancelled, throwable);
  if (c->virtual_time) {
    pthread_mutex_lock(&job->lock);
    c->stepping = false;
    if (c->delivery_deferred) {
      c->delivery_deferred = false;
      schedule_delivery_locked(c); // from this worker: runs right after the step (run-next slot)
    }
    pthread_mutex_unlock(&job->lock);
  }
  return step;
}

static void collection_finished_locked(ks_job *job, ks_step step, ks_object *throwable, ks_value *result) {
  (void)result;
  ks_collection *c = of_job(job);
  ks_count(job->scope, KS_COUNT_FINALLY_RUNS, 1);
  c->terminal = TERMINAL_READY;
  if (step == KS_STEP_FAIL) {
    c->terminal_kind = shared_TerminalKind_failed;
    c->throwable = throwable;
  } else {
    c->terminal_kind = step == KS_STEP_CANCELLED ? shared_TerminalKind_cancelled : shared_TerminalKind_completed;
    ks_release(throwable);
  }
  schedule_delivery_locked(c);
}

static void collection_after_done(ks_job *job) {
  ks_collection *c = of_job(job);
  ks_value pending = ks_value_null();
  pthread_mutex_lock(&job->lock);
  void *state = c->producer_state;
  c->producer_state = NULL;
  if (c->has_pending) {
    pending = c->pending;
    c->has_pending = false;
  }
  pthread_mutex_unlock(&job->lock);
  ks_value_destroy(&pending);
  if (state != NULL && c->producer->destroy_state != NULL) c->producer->destroy_state(state);
}

static const ks_job_ops collection_ops = {
  .step = collection_step,
  .ready_locked = collection_ready_locked,
  .finished_locked = collection_finished_locked,
  .after_done = collection_after_done,
};

static void maybe_finish_locked(ks_collection *c) {
  if (c->counted_done || !c->released || c->terminal != TERMINAL_DELIVERED) return;
  c->counted_done = true;
  ks_count(c->job.scope, KS_COUNT_COLLECTIONS, -1);
}

// Whether a borrowed export of `v` is a byte-for-byte copy: scalars (nothing owned) and strings
// (the pointer is lent as it is, for the duration of the callback). Objects need a kref of their
// own and lists and maps an exported copy of their items.
static bool exports_as_bytes(const ks_value *v) {
  return v->kind != shared_ValueKind_object && !ks_value_is_container(v);
}

static void deliver_items(ks_collection *c, ks_value *items, int32_t n) {
  if (!c->external) {
    c->internal.on_items(c->internal.context, items, n); // takes ownership
    return;
  }
  shared_Value stack[STACK_BATCH];
  shared_Value *exported = stack;
  if (n > STACK_BATCH) {
    if (c->batch_exported == NULL) c->batch_exported = ks_malloc((size_t)c->max_batch * sizeof(shared_Value));
    exported = c->batch_exported;
  }
  // One block copy exports every scalar and string (same layout, see runtime.h's static asserts);
  // objects and lists are then exported over their copies.
  memcpy(exported, items, (size_t)n * sizeof(shared_Value));
  bool owns_anything = false;
  for (int32_t i = 0; i < n; i++) {
    if (ks_value_is_scalar(&items[i])) continue;
    owns_anything = true;
    if (!exports_as_bytes(&items[i])) ks_value_export(&items[i], &exported[i], false);
  }
  c->consumer.onItems(c->consumer.context, exported, n);
  if (owns_anything) {
    for (int32_t i = 0; i < n; i++) {
      if (ks_value_is_scalar(&items[i])) continue;
      if (!exports_as_bytes(&items[i])) ks_value_free_export(&exported[i]);
      ks_value_destroy(&items[i]);
    }
  }
}

static void deliver_terminal(ks_collection *c, int32_t kind, ks_object *throwable, bool by_consumer) {
  if (!c->external) {
    c->internal.on_terminal(c->internal.context, kind, throwable);
    return;
  }
  shared_Terminal terminal = {.kind = kind, .requestedByConsumer = by_consumer};
  if (throwable != NULL) {
    terminal.throwable.pinned = ks_kref_for(throwable);
    ks_release(throwable);
  }
  c->consumer.onTerminal(c->consumer.context, terminal);
}

static void deliver(ks_task *task) {
  ks_collection *c = (ks_collection *)((char *)task - offsetof(ks_collection, deliver_task));
  for (;;) {
    pthread_mutex_lock(&c->job.lock);
    if (c->terminal == TERMINAL_READY && (!terminal_needs_request_locked(c) || (c->demand && c->buffer.count == 0))) {
      c->terminal = TERMINAL_DELIVERING;
      int32_t kind = c->terminal_kind;
      if (kind == shared_TerminalKind_completed && c->job.cancel_requested) kind = shared_TerminalKind_cancelled;
      ks_object *throwable = kind == shared_TerminalKind_failed ? c->throwable : NULL;
      if (kind != shared_TerminalKind_failed) ks_release(c->throwable);
      c->throwable = NULL;
      bool by_consumer = kind == shared_TerminalKind_cancelled && c->job.cancel_by_consumer;
      // Items the consumer will never get: the queue is taken whole (no copy, however many an
      // unbounded buffer holds) and destroyed only after the terminal event went out, so the
      // consumer hears of the end without waiting for that.
      int32_t dropped_count = c->buffer.count;
      ks_value_queue dropped = ks_value_queue_take_all(&c->buffer);
      set_demand_locked(c, false);
      pthread_mutex_unlock(&c->job.lock);
      deliver_terminal(c, kind, throwable, by_consumer);
      ks_value_queue_destroy(&dropped);
      ks_count(c->job.scope, KS_COUNT_BUFFERED, -dropped_count);
      pthread_mutex_lock(&c->job.lock);
      c->terminal = TERMINAL_DELIVERED;
      c->delivering = false;
      maybe_finish_locked(c);
      pthread_mutex_unlock(&c->job.lock);
      break;
    }
    if (!(c->demand && c->buffer.count > 0 && !c->job.cancel_requested)) {
      c->delivering = false;
      pthread_mutex_unlock(&c->job.lock);
      break;
    }
    int32_t n = c->buffer.count < c->max_batch ? c->buffer.count : c->max_batch;
    ks_value stack[STACK_BATCH];
    ks_value *items = stack;
    if (n > STACK_BATCH) {
      if (c->batch_items == NULL) c->batch_items = ks_malloc((size_t)c->max_batch * sizeof(ks_value));
      items = c->batch_items;
    }
    pop_many_locked(c, items, n);
    set_demand_locked(c, false);
    // Delivered once the callback returned (below); counting it now keeps the lock short.
    ks_job_poke_locked(&c->job); // room freed: a parked emission may proceed
    pthread_mutex_unlock(&c->job.lock);
    deliver_items(c, items, n);
    ks_count(c->job.scope, KS_COUNT_BUFFERED, -n); // after the consumer received them
    // Loop: a request made inside the callback, or a terminal event, is served by this same task.
  }
  ks_release(&c->job.header);
}

static void collection_destroy(ks_object *object) {
  ks_collection *c = (ks_collection *)object;
  if (c->buffer.count > 0) ks_count(c->job.scope, KS_COUNT_BUFFERED, -c->buffer.count);
  if (c->demand) ks_count(c->job.scope, KS_COUNT_WAITING_CONSUMERS, -1);
  ks_value_queue_destroy(&c->buffer);
  if (c->has_pending) ks_value_destroy(&c->pending);
  ks_release(c->throwable);
  if (c->producer_state != NULL && c->producer->destroy_state != NULL) c->producer->destroy_state(c->producer_state);
  ks_release(c->flow);
  free(c->batch_items);
  free(c->batch_exported);
  ks_job_deinit(&c->job);
  free(c);
}

ks_collection *ks_collection_start(ks_object *flow, shared_BufferPolicy policy, const shared_FlowCollector *external,
                                   const ks_internal_collector *internal, shared_Status *status) {
  *status = shared_Status_ok;
  int32_t max_batch;
  switch (policy.kind) {
  case shared_BufferKind_rendezvous:
  case shared_BufferKind_conflated: max_batch = 1; break;
  case shared_BufferKind_unbounded: max_batch = MAX_BATCH; break;
  case shared_BufferKind_bounded:
    if (policy.capacity < 1) {
      ks_misuse("shared_Flow_collect: bounded buffer capacity %d must be >= 1 (use rendezvous for no buffer)",
                policy.capacity);
      *status = shared_Status_invalidArgument;
      return NULL;
    }
    max_batch = policy.capacity < MAX_BATCH ? policy.capacity : MAX_BATCH;
    break;
  default:
    ks_misuse("shared_Flow_collect: unknown buffer kind %d; use shared_BufferKind_rendezvous, _bounded, _unbounded "
              "or _conflated",
              policy.kind);
    *status = shared_Status_invalidArgument;
    return NULL;
  }
  const ks_producer_ops *producer = NULL;
  void *state = NULL;
  bool state_flow = false;
  if (!ks_flow_producer(flow, &producer, &state)) {
    state_flow = ks_state_flow_producer(flow, &producer, &state);
    if (!state_flow && !ks_shared_flow_producer(flow, &producer, &state) &&
        !ks_body_flow_producer(flow, &producer, &state)) {
      ks_misuse("shared_Flow_collect: a %s is not a collectable flow", flow->type->name);
      *status = shared_Status_wrongKind;
      return NULL;
    }
  }
  // Kotlin fuses conflate() / buffer(CONFLATED) into a StateFlow: "has no effect" (StateFlow's
  // Operator Fusion). Its collector reads the latest value whenever it resumes, so a conflated
  // collection of a StateFlow is a rendezvous one. A separate conflated slot would instead keep
  // whatever value the producer thread happened to see last, and a consumer's next request could
  // deliver a value older than one set before that request.
  if (state_flow && policy.kind == shared_BufferKind_conflated) policy.kind = shared_BufferKind_rendezvous;
  ks_collection *c = ks_calloc(1, sizeof(ks_collection));
  ks_scope *scope = ks_scope_current();
  ks_job_init(&c->job, &collection_ops, &ks_type_collection, collection_destroy, scope);
  c->external = external != NULL;
  if (external != NULL) c->consumer = *external;
  if (internal != NULL) c->internal = *internal;
  c->policy = policy.kind;
  c->capacity = policy.capacity;
  c->max_batch = max_batch;
  c->deliver_task.run = deliver;
  c->terminal = TERMINAL_NONE;
  c->flow = ks_retain(flow);
  c->producer = producer;
  c->producer_state = state;
  ks_count(scope, KS_COUNT_COLLECTIONS, 1);
  ks_count(scope, KS_COUNT_COLLECTIONS_STARTED, 1);
  c->virtual_time = scope->clock_mode != shared_ClockMode_real;
  ks_job_start(&c->job);
  return c;
}

shared_Status ks_collection_request(ks_collection *c) {
  pthread_mutex_lock(&c->job.lock);
  if (c->terminal >= TERMINAL_DELIVERING) {
    pthread_mutex_unlock(&c->job.lock);
    return shared_Status_finished;
  }
  if (c->demand) {
    pthread_mutex_unlock(&c->job.lock);
    ks_misuse("shared_Collection_request: a request is already outstanding; wait for onItems or onTerminal before "
              "asking again");
    return shared_Status_requestPending;
  }
  set_demand_locked(c, true);
  ks_job_poke_locked(&c->job);
  schedule_delivery_locked(c);
  pthread_mutex_unlock(&c->job.lock);
  return shared_Status_ok;
}

// Job lock held.
static shared_Status cancel_locked(ks_collection *c) {
  if (c->terminal >= TERMINAL_DELIVERING) return shared_Status_finished;
  if (!ks_job_cancel_locked(&c->job, true) && !c->job.cancel_requested) {
    // The producer already finished; its completion or failure is not delivered yet. The consumer
    // has stopped listening, so it gets `cancelled` now instead of waiting for a request.
    c->job.cancel_requested = true;
    c->job.cancel_by_consumer = true;
    if (c->terminal_kind != shared_TerminalKind_cancelled) {
      c->terminal_kind = shared_TerminalKind_cancelled;
    }
  }
  schedule_delivery_locked(c);
  return shared_Status_ok;
}

void ks_collection_cancel(ks_collection *c) {
  pthread_mutex_lock(&c->job.lock);
  cancel_locked(c);
  pthread_mutex_unlock(&c->job.lock);
}

shared_Status ks_collection_cancel_status(ks_collection *c) {
  pthread_mutex_lock(&c->job.lock);
  shared_Status status = cancel_locked(c);
  pthread_mutex_unlock(&c->job.lock);
  return status;
}

void ks_collection_release(ks_collection *c) {
  pthread_mutex_lock(&c->job.lock);
  c->released = true;
  cancel_locked(c);
  maybe_finish_locked(c);
  pthread_mutex_unlock(&c->job.lock);
}
