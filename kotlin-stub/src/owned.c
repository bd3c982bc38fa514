// The memory this API hands to the caller to free: strings returned by a function (released with
// DisposeString) and the strings and list storage of owned values (released with
// shared_Value_dispose). Each block is registered when handed out and taken out when disposed, so a
// second dispose, a string literal, a borrowed value or any pointer this API never returned is a
// misuse, refused and counted, never a double free. (Kotlin/Native leaves these undefined; the
// stub checks them as it checks stable references.)
//
// An open-addressing set of addresses with linear probing and backward-shift deletion, under one
// mutex that is a leaf in the lock order (nothing is called while holding it).
#include "runtime.h"

#include <stdint.h>
#include <stdlib.h>

static pthread_mutex_t owned_lock = PTHREAD_MUTEX_INITIALIZER;
static const void **slots; // NULL: empty
static size_t capacity;    // a power of two, or 0
static size_t used;

static size_t slot_of(const void *pointer) {
  uint64_t h = (uint64_t)(uintptr_t)pointer;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return (size_t)h & (capacity - 1);
}

static void insert_locked(const void *pointer) {
  size_t i = slot_of(pointer);
  while (slots[i] != NULL) i = (i + 1) & (capacity - 1);
  slots[i] = pointer;
  used++;
}

static void grow_locked(void) {
  const void **old = slots;
  size_t old_capacity = capacity;
  capacity = capacity == 0 ? 64 : capacity * 2;
  slots = ks_calloc(capacity, sizeof(*slots));
  used = 0;
  for (size_t i = 0; i < old_capacity; i++) {
    if (old[i] != NULL) insert_locked(old[i]);
  }
  free(old);
}

void ks_owned_add(const void *pointer) {
  if (pointer == NULL) return;
  pthread_mutex_lock(&owned_lock);
  if ((used + 1) * 2 > capacity) grow_locked();
  insert_locked(pointer);
  pthread_mutex_unlock(&owned_lock);
}

bool ks_owned_take(const void *pointer) {
  bool found = false;
  pthread_mutex_lock(&owned_lock);
  if (capacity > 0) {
    size_t i = slot_of(pointer);
    while (slots[i] != NULL && slots[i] != pointer) i = (i + 1) & (capacity - 1);
    if (slots[i] == pointer) {
      found = true;
      slots[i] = NULL;
      used--;
      // Backward-shift deletion: move later entries of the probe run into the hole, so that every
      // lookup can still stop at the first empty slot.
      size_t hole = i;
      for (size_t j = (i + 1) & (capacity - 1); slots[j] != NULL; j = (j + 1) & (capacity - 1)) {
        size_t home = slot_of(slots[j]);
        bool movable = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
        if (movable) {
          slots[hole] = slots[j];
          slots[j] = NULL;
          hole = j;
        }
      }
    }
  }
  pthread_mutex_unlock(&owned_lock);
  return found;
}

char *ks_owned_strdup(const char *s) {
  char *copy = ks_strdup(s);
  ks_owned_add(copy);
  return copy;
}
