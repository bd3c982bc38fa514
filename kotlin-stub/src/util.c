// Allocation and small helpers. Kotlin/Native aborts on out-of-memory; so does the stub.
#include "runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *checked(void *pointer, size_t size) {
  if (pointer == NULL && size != 0) {
    fprintf(stderr, "kotlin-stub: out of memory allocating %zu bytes\n", size);
    abort();
  }
  return pointer;
}

void *ks_malloc(size_t size) { return checked(malloc(size == 0 ? 1 : size), size); }
void *ks_calloc(size_t count, size_t size) { return checked(calloc(count == 0 ? 1 : count, size == 0 ? 1 : size), count * size); }
void *ks_realloc(void *pointer, size_t size) { return checked(realloc(pointer, size == 0 ? 1 : size), size); }

char *ks_strdup(const char *s) {
  size_t length = strlen(s);
  char *copy = ks_malloc(length + 1);
  memcpy(copy, s, length + 1);
  return copy;
}

void ks_mutex_init(pthread_mutex_t *mutex) {
  pthread_mutexattr_t attributes;
  pthread_mutexattr_init(&attributes);
#ifndef NDEBUG
  pthread_mutexattr_settype(&attributes, PTHREAD_MUTEX_ERRORCHECK);
#endif
  pthread_mutex_init(mutex, &attributes);
  pthread_mutexattr_destroy(&attributes);
}
