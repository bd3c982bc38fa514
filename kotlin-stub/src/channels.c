// kotlinx.coroutines' Channel: a buffer between coroutines that suspend to send and to receive
// (CInterop/include/shared_channels.h). A sender or receiver that must wait is a job parked in the
// channel's FIFO of waiters; whoever makes its wait over (a receiver taking a sender's element, a
// sender handing an element to a receiver, close, cancel) dequeues it and signals its job, which
// resumes in its next step and finds the outcome in its waiter.
//
// Locks: channel lock, then job lock (jobs are signalled only after the channel lock is released);
// an iterator's lock is a leaf. Elements are never destroyed under a lock (a box's release is user
// code).
#include "runtime.h"
#include "shared_channels.h"
#include "value_queue.h"

#include <stdlib.h>
#include <string.h>

static const shared_KType channel_type = {"kotlinx.coroutines.channels.BufferedChannel", &ks_type_any};
static const shared_KType iterator_type = {"kotlinx.coroutines.channels.BufferedChannel.BufferedChannelIterator",
                                           &ks_type_any};
static const shared_KType launched_type = {"kotlinx.coroutines.StandaloneCoroutine", &ks_type_any};

enum { CONFLATED = -1, BUFFERED_DEFAULT = 64 };

// A job suspended in send or receive. Lives in the suspended body's state; queued (and holding a
// retain of its job) only while the job waits.
typedef struct waiter {
  ks_job *job;
  ks_value value;    // a sender's element until taken; a receiver's element once handed over
  bool queued;
  bool handed;       // sender: its element was taken; receiver: an element was handed to it
  struct waiter *next;
} waiter;

typedef struct {
  waiter *head, *tail;
} waiter_queue;

typedef struct {
  ks_object header;
  pthread_mutex_t lock;
  int32_t capacity; // 0 rendezvous, > 0 buffered (INT32_MAX: unlimited), CONFLATED
  ks_value_queue buffer;
  waiter_queue senders, receivers;
  bool closed;            // close() or cancel(): closed for send
  bool cancelled;         // cancel(): what it held is gone; receivers throw CancellationException
  ks_object *close_cause; // close(cause)'s cause, or NULL
} channel;

// Jobs to signal once the channel lock is released (each holds the retain its waiter had).
typedef struct {
  ks_wake_list list;
  int32_t capacity;
} wake_set;

static void wake_add(wake_set *set, ks_job *job) {
  if (set->list.count == set->capacity) {
    set->capacity = set->capacity == 0 ? 4 : set->capacity * 2;
    set->list.jobs = ks_realloc(set->list.jobs, (size_t)set->capacity * sizeof(ks_job *));
  }
  set->list.jobs[set->list.count++] = job;
}

static void enqueue_locked(waiter_queue *queue, waiter *w, ks_job *job) {
  w->job = (ks_job *)ks_retain(&job->header);
  w->queued = true;
  w->next = NULL;
  if (queue->tail != NULL) queue->tail->next = w;
  else queue->head = w;
  queue->tail = w;
}

// Dequeues the first waiter; its job's retain moves to `wake`.
static waiter *dequeue_locked(waiter_queue *queue, wake_set *wake) {
  waiter *w = queue->head;
  if (w == NULL) return NULL;
  queue->head = w->next;
  if (queue->head == NULL) queue->tail = NULL;
  w->queued = false;
  w->next = NULL;
  wake_add(wake, w->job);
  w->job = NULL;
  return w;
}

// Removes a waiter whose job stopped waiting on its own (cancellation); returns its job to release.
static ks_job *remove_locked(waiter_queue *queue, waiter *w) {
  if (!w->queued) return NULL;
  waiter *previous = NULL;
  for (waiter *cursor = queue->head; cursor != w; cursor = cursor->next) previous = cursor;
  if (previous != NULL) previous->next = w->next;
  else queue->head = w->next;
  if (queue->tail == w) queue->tail = previous;
  w->queued = false;
  ks_job *job = w->job;
  w->job = NULL;
  return job;
}

static channel *channel_of(ks_object *object) { return (channel *)object; }

static void channel_destroy(ks_object *object) {
  channel *ch = channel_of(object);
  // No waiter can be queued: each holds a retain of a job whose state retains the channel.
  ks_value_queue_destroy(&ch->buffer);
  ks_release(ch->close_cause);
  pthread_mutex_destroy(&ch->lock);
  free(ch);
}

static channel *channel_new(int32_t capacity) {
  channel *ch = ks_calloc(1, sizeof(channel));
  ks_object_init(&ch->header, &channel_type, channel_destroy);
  ks_mutex_init(&ch->lock);
  ch->capacity = capacity == shared_Channel_BUFFERED ? BUFFERED_DEFAULT : capacity;
  return ch;
}

typedef enum { TRANSFER_DONE, TRANSFER_WAIT, TRANSFER_CLOSED } transfer;

// Channel lock held. Puts *value (taken on success) into the channel without suspending.
static transfer try_send_locked(channel *ch, ks_value *value, wake_set *wake) {
  if (ch->closed) return TRANSFER_CLOSED;
  waiter *receiver = dequeue_locked(&ch->receivers, wake);
  if (receiver != NULL) {
    receiver->value = *value;
    receiver->handed = true;
  } else if (ch->capacity == CONFLATED && ch->buffer.count > 0) {
    ks_value *latest = ks_value_queue_back(&ch->buffer);
    ks_value dropped = *latest; // a scalar or owned value: destroyed by the caller outside the lock
    *latest = *value;
    *value = dropped;
    return TRANSFER_DONE;
  } else if (ch->capacity == CONFLATED || ch->buffer.count < ch->capacity) {
    ks_value_queue_push(&ch->buffer, value);
  } else {
    return TRANSFER_WAIT;
  }
  *value = ks_value_null();
  return TRANSFER_DONE;
}

// Channel lock held. Takes the next element into *out without suspending.
static transfer try_receive_locked(channel *ch, ks_value *out, wake_set *wake) {
  if (ch->buffer.count > 0) {
    *out = ks_value_queue_pop(&ch->buffer);
    waiter *sender = dequeue_locked(&ch->senders, wake); // its element takes the freed place
    if (sender != NULL) {
      ks_value_queue_push(&ch->buffer, &sender->value);
      sender->handed = true;
    }
    return TRANSFER_DONE;
  }
  waiter *sender = dequeue_locked(&ch->senders, wake);
  if (sender != NULL) {
    *out = sender->value;
    sender->value = ks_value_null();
    sender->handed = true;
    return TRANSFER_DONE;
  }
  return ch->closed ? TRANSFER_CLOSED : TRANSFER_WAIT;
}

static void channel_unlock_and_wake(channel *ch, wake_set *wake) {
  pthread_mutex_unlock(&ch->lock);
  ks_wake_list_signal(wake->list);
}

// What a send or receive that found the channel closed throws. KS_STEP_CANCELLED: a
// CancellationException (the channel was cancelled); KS_STEP_FAIL with *throwable; KS_STEP_COMPLETE:
// nothing (a receive at the end of a channel closed without a cause).
static ks_step closed_outcome(channel *ch, bool sending, ks_object **throwable) {
  pthread_mutex_lock(&ch->lock);
  bool cancelled = ch->cancelled;
  ks_object *cause = ch->close_cause != NULL ? ks_retain(ch->close_cause) : NULL;
  pthread_mutex_unlock(&ch->lock);
  if (cancelled) {
    ks_release(cause);
    return KS_STEP_CANCELLED;
  }
  if (cause != NULL) {
    *throwable = cause;
    return KS_STEP_FAIL;
  }
  if (!sending) return KS_STEP_COMPLETE;
  *throwable = ks_throwable_new_named("kotlinx.coroutines.channels.ClosedSendChannelException", "Channel was closed");
  return KS_STEP_FAIL;
}

// --- send, as a suspension point of any job ------------------------------------------------------

typedef struct {
  waiter w;
  bool suspended; // the job is parked in this send
} send_point;

typedef enum { SEND_SENT, SEND_SUSPENDED, SEND_ENDED } send_result;

// Sends *value (taken) from a step of `job`. On SEND_SUSPENDED the step returns KS_STEP_SUSPEND and
// calls send_resume from its next step; on SEND_ENDED it returns *ended (with *throwable).
static send_result send_start(channel *ch, ks_job *job, send_point *point, ks_value *value, ks_step *ended,
                              ks_object **throwable) {
  ks_job_await_signal(job); // before looking: a wake-up between the look and the suspension is kept
  wake_set wake = {0};
  ks_value dropped = ks_value_null();
  pthread_mutex_lock(&ch->lock);
  transfer result = try_send_locked(ch, value, &wake);
  if (result == TRANSFER_DONE) {
    dropped = *value; // a conflated channel's element it replaced (null otherwise)
  } else if (result == TRANSFER_WAIT) {
    point->w.value = *value;
    point->w.handed = false;
    enqueue_locked(&ch->senders, &point->w, job);
    point->suspended = true;
  }
  channel_unlock_and_wake(ch, &wake);
  ks_value_destroy(&dropped);
  if (result == TRANSFER_CLOSED) ks_value_destroy(value); // not sent
  *value = ks_value_null();
  if (result == TRANSFER_DONE) return SEND_SENT;
  if (result == TRANSFER_WAIT) return SEND_SUSPENDED;
  *ended = closed_outcome(ch, true, throwable);
  return SEND_ENDED;
}

// The step after a suspended send: its element was taken (SEND_SENT), or the send throws.
static send_result send_resume(channel *ch, send_point *point, bool cancelled, ks_step *ended, ks_object **throwable) {
  pthread_mutex_lock(&ch->lock);
  ks_job *removed = remove_locked(&ch->senders, &point->w);
  bool handed = point->w.handed;
  ks_value element = point->w.value;
  point->w.value = ks_value_null();
  point->w.handed = false;
  pthread_mutex_unlock(&ch->lock);
  point->suspended = false;
  if (removed != NULL) ks_release(&removed->header);
  ks_value_destroy(&element); // not taken: the channel was cancelled, or the send was
  // Prompt cancellation: a send cancelled while suspended throws, even if its element went in.
  if (cancelled) {
    *ended = KS_STEP_CANCELLED;
    return SEND_ENDED;
  }
  if (handed) return SEND_SENT;
  *ended = closed_outcome(ch, true, throwable); // woken by cancel()
  return SEND_ENDED;
}

// --- close and cancel ----------------------------------------------------------------------------

static bool channel_close(channel *ch, ks_object *cause /* retained by the channel on success */) {
  wake_set wake = {0};
  pthread_mutex_lock(&ch->lock);
  bool closing = !ch->closed;
  if (closing) {
    ch->closed = true;
    ch->close_cause = cause != NULL ? ks_retain(cause) : NULL;
    // Waiting receivers had nothing to take, and nothing can come now: they end.
    while (dequeue_locked(&ch->receivers, &wake) != NULL) {
    }
  }
  channel_unlock_and_wake(ch, &wake);
  return closing;
}

static void channel_cancel(channel *ch) {
  wake_set wake = {0};
  ks_object *cause = ks_throwable_new(&ks_type_cancellation, "Channel was cancelled");
  pthread_mutex_lock(&ch->lock);
  if (!ch->closed) {
    ch->closed = true;
    ch->close_cause = cause;
    cause = NULL;
  }
  ch->cancelled = true;
  ks_value_queue dropped = ks_value_queue_take_all(&ch->buffer);
  while (dequeue_locked(&ch->senders, &wake) != NULL) {
  } // each sender destroys its own element when it resumes
  while (dequeue_locked(&ch->receivers, &wake) != NULL) {
  }
  channel_unlock_and_wake(ch, &wake);
  ks_value_queue_destroy(&dropped);
  ks_release(cause);
}

// --- iterators and hasNext -----------------------------------------------------------------------

typedef struct {
  ks_object header;
  channel *ch; // retained
  pthread_mutex_t lock;
  bool has_element; // hasNext() returned true and next() has not taken the element yet
  ks_value element;
  bool receiving;   // a hasNext call is under way
} iterator;

static void iterator_destroy(ks_object *object) {
  iterator *it = (iterator *)object;
  ks_value_destroy(&it->element);
  ks_release(&it->ch->header);
  pthread_mutex_destroy(&it->lock);
  free(it);
}

typedef struct {
  iterator *it; // retained
  waiter w;
  bool suspended;
} has_next_state;

static void has_next_destroy(void *raw) {
  has_next_state *state = raw;
  ks_value_destroy(&state->w.value);
  pthread_mutex_lock(&state->it->lock);
  state->it->receiving = false;
  pthread_mutex_unlock(&state->it->lock);
  ks_release(&state->it->header);
  free(state);
}

static ks_step has_next_received(has_next_state *state, ks_value element, ks_value *result) {
  pthread_mutex_lock(&state->it->lock);
  ks_value previous = state->it->element;
  state->it->element = element;
  state->it->has_element = true;
  pthread_mutex_unlock(&state->it->lock);
  ks_value_destroy(&previous);
  *result = (ks_value){.kind = shared_ValueKind_boolean, .as.boolean = true};
  return KS_STEP_COMPLETE;
}

static ks_step has_next_closed(channel *ch, ks_object **throwable, ks_value *result) {
  ks_step step = closed_outcome(ch, false, throwable);
  if (step == KS_STEP_COMPLETE) *result = (ks_value){.kind = shared_ValueKind_boolean, .as.boolean = false};
  return step;
}

// suspend fun hasNext(): Boolean — receives into the iterator.
static ks_step has_next_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  has_next_state *state = raw;
  channel *ch = state->it->ch;
  ks_job *job = ks_call_job(call);
  wake_set wake = {0};
  ks_value element = ks_value_null();
  if (!state->suspended) {
    pthread_mutex_lock(&state->it->lock);
    bool ready = state->it->has_element;
    pthread_mutex_unlock(&state->it->lock);
    if (ready) {
      *result = (ks_value){.kind = shared_ValueKind_boolean, .as.boolean = true};
      return KS_STEP_COMPLETE;
    }
    ks_job_await_signal(job);
    pthread_mutex_lock(&ch->lock);
    transfer got = try_receive_locked(ch, &element, &wake);
    if (got == TRANSFER_WAIT) {
      state->w.handed = false;
      enqueue_locked(&ch->receivers, &state->w, job);
      state->suspended = true;
    }
    channel_unlock_and_wake(ch, &wake);
    if (got == TRANSFER_WAIT) return KS_STEP_SUSPEND;
    if (got == TRANSFER_DONE) return has_next_received(state, element, result);
    return has_next_closed(ch, throwable, result);
  }
  pthread_mutex_lock(&ch->lock);
  ks_job *removed = remove_locked(&ch->receivers, &state->w);
  bool handed = state->w.handed;
  element = state->w.value;
  state->w.value = ks_value_null();
  state->w.handed = false;
  transfer got = handed ? TRANSFER_DONE : TRANSFER_CLOSED;
  // Woken without an element: the channel was closed or cancelled (or, with the job cancelled, it
  // is about to throw anyway).
  pthread_mutex_unlock(&ch->lock);
  state->suspended = false;
  if (removed != NULL) ks_release(&removed->header);
  if (cancelled) {
    ks_value_destroy(&element); // prompt cancellation: an element handed over at this moment is lost
    return KS_STEP_CANCELLED;
  }
  if (got == TRANSFER_DONE) return has_next_received(state, element, result);
  return has_next_closed(ch, throwable, result);
}

static const ks_call_body has_next_body = {.step = has_next_step, .destroy_state = has_next_destroy};

// --- send as a suspend call from outside ---------------------------------------------------------

typedef struct {
  channel *ch; // retained
  ks_value element;
  send_point point;
} send_call_state;

static void send_call_destroy(void *raw) {
  send_call_state *state = raw;
  ks_value_destroy(&state->element);
  ks_value_destroy(&state->point.w.value);
  ks_release(&state->ch->header);
  free(state);
}

static ks_step send_call_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  send_call_state *state = raw;
  ks_step ended = KS_STEP_COMPLETE;
  send_result sent = state->point.suspended
                       ? send_resume(state->ch, &state->point, cancelled, &ended, throwable)
                       : send_start(state->ch, ks_call_job(call), &state->point, &state->element, &ended, throwable);
  if (sent == SEND_SUSPENDED) return KS_STEP_SUSPEND;
  if (sent == SEND_ENDED) return ended;
  *result = ks_value_unit();
  return KS_STEP_COMPLETE;
}

static const ks_call_body send_call_body = {.step = send_call_step, .destroy_state = send_call_destroy};

// --- a coroutine launched in CoroutineScope(Dispatchers.Default) that sends, then closes ----------

typedef struct {
  ks_job job;
  channel *ch; // retained
  ks_value *elements;
  int32_t count, next;
  ks_object *close_cause; // retained, or NULL
  send_point point;
} producer;

static ks_step producer_step(ks_job *job, bool cancelled, ks_object **throwable, ks_value *result) {
  (void)result;
  producer *p = (producer *)job;
  ks_step ended = KS_STEP_COMPLETE;
  if (p->point.suspended) {
    if (send_resume(p->ch, &p->point, cancelled, &ended, throwable) == SEND_ENDED) return ended;
    p->next++;
  } else if (cancelled) {
    return KS_STEP_CANCELLED;
  }
  while (p->next < p->count) {
    ks_value element = ks_value_copy(&p->elements[p->next]);
    send_result sent = send_start(p->ch, job, &p->point, &element, &ended, throwable);
    if (sent == SEND_SUSPENDED) return KS_STEP_SUSPEND;
    if (sent == SEND_ENDED) return ended;
    p->next++;
  }
  channel_close(p->ch, p->close_cause);
  return KS_STEP_COMPLETE;
}

static bool producer_ready_locked(ks_job *job) {
  (void)job;
  return false;
}

static void producer_finished_locked(ks_job *job, ks_step step, ks_object *throwable, ks_value *result) {
  (void)job, (void)step;
  // A launched coroutine's CancellationException ends it quietly; the fixtures throw nothing else.
  ks_release(throwable);
  ks_value_destroy(result);
}

static void producer_after_done(ks_job *job) {
  producer *p = (producer *)job;
  for (int32_t i = 0; i < p->count; i++) ks_value_destroy(&p->elements[i]);
  free(p->elements);
  p->elements = NULL;
  p->count = 0;
  ks_count(job->scope, KS_COUNT_CALLS, -1);
}

static const ks_job_ops producer_ops = {
  .step = producer_step,
  .ready_locked = producer_ready_locked,
  .finished_locked = producer_finished_locked,
  .after_done = producer_after_done,
};

static void producer_destroy(ks_object *object) {
  producer *p = (producer *)object;
  for (int32_t i = 0; i < p->count; i++) ks_value_destroy(&p->elements[i]);
  free(p->elements);
  ks_value_destroy(&p->point.w.value);
  ks_release(p->close_cause);
  ks_release(&p->ch->header);
  ks_job_deinit(&p->job);
  free(p);
}

// fun name(): ReceiveChannel<T> { val channel = Channel<T>(); launch { send each; close(cause) }; return channel }
// Takes `elements` (an array of `count`) and `cause`.
static shared_kref_kotlinx_coroutines_channels_ReceiveChannel launch_producer(ks_value *elements, int32_t count,
                                                                             ks_object *cause) {
  ks_scope *scope = ks_scope_current();
  channel *ch = channel_new(shared_Channel_RENDEZVOUS);
  producer *p = ks_calloc(1, sizeof(producer));
  ks_job_init(&p->job, &producer_ops, &launched_type, producer_destroy, scope);
  p->ch = (channel *)ks_retain(&ch->header);
  p->elements = elements;
  p->count = count;
  p->close_cause = cause;
  shared_kref_kotlinx_coroutines_channels_ReceiveChannel ref = {ks_kref_for(&ch->header)};
  ks_release(&ch->header);
  ks_count(scope, KS_COUNT_CALLS, 1); // counted until it ends, so a producer left waiting is a leak
  ks_job_start(&p->job);
  ks_release(&p->job.header); // the queued step holds it now
  return ref;
}

static ks_value *element_array(int32_t count) { return ks_calloc((size_t)(count > 0 ? count : 1), sizeof(ks_value)); }

shared_kref_kotlinx_coroutines_channels_ReceiveChannel shared_channels_testRegular(void) {
  ks_value *elements = element_array(3);
  for (int i = 0; i < 3; i++) elements[i] = ks_value_object(ks_element(i + 1));
  return launch_producer(elements, 3, NULL);
}

shared_kref_kotlinx_coroutines_channels_ReceiveChannel shared_channels_testNullable(void) {
  ks_value *elements = element_array(5);
  elements[0] = ks_value_object(ks_element(1));
  elements[1] = ks_value_null();
  elements[2] = ks_value_object(ks_element(2));
  elements[3] = ks_value_null();
  elements[4] = ks_value_object(ks_element(3));
  return launch_producer(elements, 5, NULL);
}

shared_kref_kotlinx_coroutines_channels_ReceiveChannel shared_channels_testEmpty(void) {
  return launch_producer(element_array(0), 0, NULL);
}

shared_kref_kotlinx_coroutines_channels_ReceiveChannel shared_channels_testString(void) {
  static const char *const words[] = {"hello", "any", "world"};
  ks_value *elements = element_array(3);
  for (int i = 0; i < 3; i++) elements[i] = ks_value_string(words[i], (int32_t)strlen(words[i]));
  return launch_producer(elements, 3, NULL);
}

shared_kref_kotlinx_coroutines_channels_ReceiveChannel shared_channels_testPrimitive(void) {
  ks_value *elements = element_array(3);
  for (int i = 0; i < 3; i++) elements[i] = ks_value_uint((uint32_t)(i + 1));
  return launch_producer(elements, 3, NULL);
}

shared_kref_kotlinx_coroutines_channels_ReceiveChannel shared_channels_testFailing(void) {
  ks_value *elements = element_array(2);
  elements[0] = ks_value_object(ks_element(1));
  elements[1] = ks_value_object(ks_element(2));
  return launch_producer(elements, 2, ks_throwable_new(&ks_type_illegal_state, "Channel has Failed"));
}

// --- the contract ---------------------------------------------------------------------------------

static channel *resolve_channel(shared_KNativePtr token, const char *what, shared_Status *status) {
  shared_Status ignored;
  ks_object *object = ks_kref_resolve_status(token, &channel_type, what, status != NULL ? status : &ignored);
  return object != NULL ? channel_of(object) : NULL;
}

shared_kref_kotlinx_coroutines_channels_ReceiveChannel shared_Channel_new(int32_t capacity, shared_Status *status) {
  shared_Status ignored;
  if (status == NULL) status = &ignored;
  if (capacity < shared_Channel_BUFFERED) {
    ks_misuse("Channel(capacity = %d): Channel capacity cannot be negative, found: %d", capacity, capacity);
    *status = shared_Status_invalidArgument;
    return (shared_kref_kotlinx_coroutines_channels_ReceiveChannel){NULL};
  }
  channel *ch = channel_new(capacity);
  shared_kref_kotlinx_coroutines_channels_ReceiveChannel ref = {ks_kref_for(&ch->header)};
  ks_release(&ch->header);
  *status = ref.pinned != NULL ? shared_Status_ok : shared_Status_invalidArgument;
  return ref;
}

shared_Call shared_SendChannel_send(shared_kref_kotlinx_coroutines_channels_ReceiveChannel channel_ref,
                                    const shared_Value *value, shared_Continuation continuation,
                                    shared_Status *status) {
  shared_Status ignored;
  if (status == NULL) status = &ignored;
  channel *ch = resolve_channel(channel_ref.pinned, "shared_SendChannel_send", status);
  if (ch == NULL) return (shared_Call){NULL};
  ks_value element = ks_value_null();
  if (value == NULL) {
    ks_misuse("shared_SendChannel_send: value is NULL; pass a shared_Value (kind null for Kotlin null)");
    *status = shared_Status_nullArgument;
  } else {
    *status = ks_value_import(value, &element);
  }
  if (*status != shared_Status_ok) {
    ks_release(&ch->header);
    return (shared_Call){NULL};
  }
  send_call_state *state = ks_calloc(1, sizeof(send_call_state));
  state->ch = ch;
  state->element = element;
  return ks_call_start(&send_call_body, state, continuation, status);
}

shared_Status shared_SendChannel_trySend(shared_kref_kotlinx_coroutines_channels_ReceiveChannel channel_ref,
                                         const shared_Value *value, shared_KBoolean *sent) {
  shared_Status status = shared_Status_ok;
  channel *ch = resolve_channel(channel_ref.pinned, "shared_SendChannel_trySend", &status);
  if (ch == NULL) return status;
  ks_value element = ks_value_null();
  if (value == NULL || sent == NULL) {
    ks_misuse("shared_SendChannel_trySend: value and sent must not be NULL");
    status = shared_Status_nullArgument;
  } else {
    status = ks_value_import(value, &element);
  }
  if (status == shared_Status_ok) {
    wake_set wake = {0};
    pthread_mutex_lock(&ch->lock);
    *sent = try_send_locked(ch, &element, &wake) == TRANSFER_DONE;
    channel_unlock_and_wake(ch, &wake);
  }
  ks_value_destroy(&element); // not sent, or the element a conflated channel dropped
  ks_release(&ch->header);
  return status;
}

shared_Status shared_SendChannel_close(shared_kref_kotlinx_coroutines_channels_ReceiveChannel channel_ref,
                                       shared_kref_kotlin_Throwable cause_ref, shared_KBoolean *closed) {
  shared_Status status = shared_Status_ok;
  channel *ch = resolve_channel(channel_ref.pinned, "shared_SendChannel_close", &status);
  if (ch == NULL) return status;
  ks_object *cause = NULL;
  if (cause_ref.pinned != NULL) {
    cause = ks_kref_resolve_status(cause_ref.pinned, &ks_type_throwable, "shared_SendChannel_close (cause)", &status);
    if (cause == NULL) {
      ks_release(&ch->header);
      return status;
    }
  }
  bool done = channel_close(ch, cause);
  if (closed != NULL) *closed = done;
  ks_release(cause);
  ks_release(&ch->header);
  return shared_Status_ok;
}

shared_Status shared_ReceiveChannel_cancel(shared_kref_kotlinx_coroutines_channels_ReceiveChannel channel_ref) {
  shared_Status status = shared_Status_ok;
  channel *ch = resolve_channel(channel_ref.pinned, "shared_ReceiveChannel_cancel", &status);
  if (ch == NULL) return status;
  channel_cancel(ch);
  ks_release(&ch->header);
  return shared_Status_ok;
}

shared_Status shared_ReceiveChannel_isClosedForReceive(shared_kref_kotlinx_coroutines_channels_ReceiveChannel channel_ref,
                                                       shared_KBoolean *closed) {
  shared_Status status = shared_Status_ok;
  channel *ch = resolve_channel(channel_ref.pinned, "shared_ReceiveChannel_isClosedForReceive", &status);
  if (ch == NULL) return status;
  if (closed == NULL) {
    ks_misuse("shared_ReceiveChannel_isClosedForReceive: closed must not be NULL");
    ks_release(&ch->header);
    return shared_Status_nullArgument;
  }
  pthread_mutex_lock(&ch->lock);
  *closed = ch->closed && ch->buffer.count == 0 && ch->senders.head == NULL;
  pthread_mutex_unlock(&ch->lock);
  ks_release(&ch->header);
  return shared_Status_ok;
}

shared_kref_kotlinx_coroutines_channels_ChannelIterator shared_ReceiveChannel_iterator(
  shared_kref_kotlinx_coroutines_channels_ReceiveChannel channel_ref, shared_Status *status) {
  channel *ch = resolve_channel(channel_ref.pinned, "shared_ReceiveChannel_iterator", status);
  if (ch == NULL) return (shared_kref_kotlinx_coroutines_channels_ChannelIterator){NULL};
  iterator *it = ks_calloc(1, sizeof(iterator));
  ks_object_init(&it->header, &iterator_type, iterator_destroy);
  ks_mutex_init(&it->lock);
  it->ch = ch; // the reference resolve_channel took
  it->element = ks_value_null();
  shared_kref_kotlinx_coroutines_channels_ChannelIterator ref = {ks_kref_for(&it->header)};
  ks_release(&it->header);
  if (status != NULL) *status = ref.pinned != NULL ? shared_Status_ok : shared_Status_invalidArgument;
  return ref;
}

shared_Call shared_ChannelIterator_hasNext(shared_kref_kotlinx_coroutines_channels_ChannelIterator iterator_ref,
                                           shared_Continuation continuation, shared_Status *status) {
  shared_Status ignored;
  if (status == NULL) status = &ignored;
  ks_object *object = ks_kref_resolve_status(iterator_ref.pinned, &iterator_type, "shared_ChannelIterator_hasNext",
                                             status);
  if (object == NULL) return (shared_Call){NULL};
  iterator *it = (iterator *)object;
  pthread_mutex_lock(&it->lock);
  bool busy = it->receiving;
  it->receiving = true;
  pthread_mutex_unlock(&it->lock);
  if (busy) {
    ks_misuse("shared_ChannelIterator_hasNext: a hasNext() of this iterator is still under way; await it first");
    ks_release(object);
    *status = shared_Status_invalidArgument;
    return (shared_Call){NULL};
  }
  has_next_state *state = ks_calloc(1, sizeof(has_next_state));
  state->it = it; // the reference the resolve took; has_next_destroy clears `receiving`
  state->w.value = ks_value_null();
  return ks_call_start(&has_next_body, state, continuation, status);
}

shared_Status shared_ChannelIterator_next(shared_kref_kotlinx_coroutines_channels_ChannelIterator iterator_ref,
                                          shared_Value *out) {
  shared_Status status = shared_Status_ok;
  ks_object *object = ks_kref_resolve_status(iterator_ref.pinned, &iterator_type, "shared_ChannelIterator_next", &status);
  if (object == NULL) return status;
  iterator *it = (iterator *)object;
  if (out == NULL) {
    ks_misuse("shared_ChannelIterator_next: out must not be NULL");
    ks_release(object);
    return shared_Status_nullArgument;
  }
  pthread_mutex_lock(&it->lock);
  bool ready = it->has_element;
  ks_value element = it->element;
  it->element = ks_value_null();
  it->has_element = false;
  pthread_mutex_unlock(&it->lock);
  if (!ready) {
    ks_misuse("ChannelIterator.next(): 'hasNext' should be called prior to 'next' invocation");
    ks_release(object);
    return shared_Status_invalidArgument;
  }
  ks_value_export(&element, out, true);
  ks_value_destroy(&element);
  ks_release(object);
  return shared_Status_ok;
}
