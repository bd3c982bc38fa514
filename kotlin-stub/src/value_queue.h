// A FIFO of values in fixed-size chunks: what a collection's buffer holds between the producer and
// the consumer.
//
// Why chunks and not one growing array: the buffer is used under the collection's lock, and an
// unbounded buffer can hold millions of items. A growing array doubles by copying all of them, so
// one push could hold the lock for hundreds of milliseconds and make a cancellation (which needs
// the lock) that late. With chunks every operation is O(1): a push allocates at most one chunk, a
// pop frees at most one. This is also how kotlinx.coroutines' unlimited channel stores its items (a
// linked list of fixed-size segments).
#ifndef KOTLIN_STUB_VALUE_QUEUE_H
#define KOTLIN_STUB_VALUE_QUEUE_H

#include "runtime.h"

typedef struct ks_value_chunk ks_value_chunk;

typedef struct ks_value_queue {
  ks_value_chunk *first, *last; // items run from first[head] to last[tail - 1]
  int32_t head, tail;           // indices in the first and the last chunk
  int32_t count;
  ks_value_chunk *spare; // one emptied chunk kept for the next push (a steady flow allocates nothing)
} ks_value_queue;

// Moves *value to the back (ownership included) and leaves *value null.
void ks_value_queue_push(ks_value_queue *q, ks_value *value);
// Moves `count` values to the back, in order, copying them a chunk's worth at a time (memcpy). The
// queue owns them afterwards: the caller must neither destroy nor reuse values[0..count).
void ks_value_queue_push_many(ks_value_queue *q, const ks_value *values, int32_t count);
// Removes the front item and hands it to the caller. The queue must not be empty.
ks_value ks_value_queue_pop(ks_value_queue *q);
// Moves the `count` front items into out[0..count), in order and with their ownership, copying a
// chunk's worth at a time (memcpy). The queue must hold at least `count` items.
void ks_value_queue_pop_many(ks_value_queue *q, ks_value *out, int32_t count);
// The back item, for conflation (replaced in place). The queue must not be empty.
ks_value *ks_value_queue_back(ks_value_queue *q);
// Moves every item into a new queue returned to the caller (O(1)), leaving *q empty: the caller can
// then destroy them outside the lock.
ks_value_queue ks_value_queue_take_all(ks_value_queue *q);
// Destroys every item and frees the chunks.
void ks_value_queue_destroy(ks_value_queue *q);

#endif
