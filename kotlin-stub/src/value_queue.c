#include "value_queue.h"

#include <stdlib.h>
#include <string.h>

// 256 values of 16 bytes: one 4 KiB page per chunk.
enum { CHUNK_VALUES = 256 };

struct ks_value_chunk {
  ks_value_chunk *next;
  ks_value values[CHUNK_VALUES];
};

static ks_value_chunk *new_chunk(ks_value_queue *q) {
  ks_value_chunk *chunk = q->spare;
  if (chunk != NULL) {
    q->spare = NULL;
  } else {
    chunk = ks_malloc(sizeof(ks_value_chunk));
  }
  chunk->next = NULL;
  return chunk;
}

// Before a push: makes sure the last chunk has room (a first chunk, or a new one after a full last).
static void before_push(ks_value_queue *q) {
  if (q->last == NULL) {
    q->first = q->last = new_chunk(q);
    q->head = q->tail = 0;
  } else if (q->tail == CHUNK_VALUES) {
    ks_value_chunk *chunk = new_chunk(q);
    q->last->next = chunk;
    q->last = chunk;
    q->tail = 0;
  }
}

void ks_value_queue_push(ks_value_queue *q, ks_value *value) {
  before_push(q);
  q->last->values[q->tail++] = *value;
  q->count++;
  *value = ks_value_null();
}

void ks_value_queue_push_many(ks_value_queue *q, const ks_value *values, int32_t count) {
  while (count > 0) {
    before_push(q);
    int32_t room = CHUNK_VALUES - q->tail;
    int32_t n = count < room ? count : room;
    memcpy(&q->last->values[q->tail], values, (size_t)n * sizeof(ks_value));
    q->tail += n;
    q->count += n;
    values += n;
    count -= n;
  }
}

// After `head` moved: an emptied queue starts its one chunk over; a consumed first chunk is dropped
// (kept as the spare when there is none).
static void after_pop(ks_value_queue *q) {
  if (q->count == 0) {
    // Empty: head and tail are in one chunk (a chunk is added only by a push that fills it at once),
    // which is kept and started over, so the next push allocates nothing.
    q->head = q->tail = 0;
  } else if (q->head == CHUNK_VALUES) {
    ks_value_chunk *done = q->first;
    q->first = done->next;
    q->head = 0;
    if (q->spare == NULL) {
      q->spare = done;
    } else {
      free(done);
    }
  }
}

ks_value ks_value_queue_pop(ks_value_queue *q) {
  ks_value value = q->first->values[q->head++];
  q->count--;
  after_pop(q);
  return value;
}

void ks_value_queue_pop_many(ks_value_queue *q, ks_value *out, int32_t count) {
  while (count > 0) {
    // The first chunk's items end at its end, or at `tail` when it is also the last chunk.
    int32_t end = q->first == q->last ? q->tail : CHUNK_VALUES;
    int32_t available = end - q->head;
    int32_t n = count < available ? count : available;
    memcpy(out, &q->first->values[q->head], (size_t)n * sizeof(ks_value));
    q->head += n;
    q->count -= n;
    out += n;
    count -= n;
    after_pop(q);
  }
}

ks_value *ks_value_queue_back(ks_value_queue *q) { return &q->last->values[q->tail - 1]; }

ks_value_queue ks_value_queue_take_all(ks_value_queue *q) {
  ks_value_queue taken = *q;
  taken.spare = NULL;
  ks_value_chunk *spare = q->spare;
  *q = (ks_value_queue){0};
  q->spare = spare;
  return taken;
}

void ks_value_queue_destroy(ks_value_queue *q) {
  while (q->count > 0) {
    ks_value value = ks_value_queue_pop(q);
    ks_value_destroy(&value);
  }
  free(q->first); // the one chunk an emptied queue keeps (NULL if it never held anything)
  free(q->spare);
  *q = (ks_value_queue){0};
}
