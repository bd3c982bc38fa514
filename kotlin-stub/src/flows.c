// Cold flows of package `fixtures`. Each is `flow { for (i in 0 until n) { delay?; emit(item(i)) }; throw? }`
// lowered to a state machine; every collection runs it anew from index 0.
#include "runtime.h"

#include <stdlib.h>
#include <string.h>

typedef enum {
  FLOW_ELEMENTS,
  FLOW_NULLABLE_ELEMENTS,
  FLOW_NO_ELEMENTS,
  FLOW_WORDS,
  FLOW_GREETINGS,
  FLOW_LISTS,
  FLOW_UNSIGNED,
  FLOW_UNITS,
  FLOW_FAILING,
  FLOW_DISCARDING,
  FLOW_RANGE,
  FLOW_STRINGS,
  FLOW_TICKS,
} flow_kind;

typedef struct {
  ks_object header;
  flow_kind kind;
  int32_t count;         // range / ticks
  int64_t period_millis; // ticks
} cold_flow;

typedef struct {
  const cold_flow *flow;
  int32_t index;
  bool delayed; // the delay before item `index` has elapsed
} cold_state;

static const char *const words[] = {"hello", "any", "world"};
static const char *const greetings[] = {"こんにちは", "Grüße", "👋🏽", ""};

static int32_t length_of(const cold_flow *flow) {
  switch (flow->kind) {
  case FLOW_ELEMENTS: return 3;
  case FLOW_NULLABLE_ELEMENTS: return 5;
  case FLOW_NO_ELEMENTS: return 0;
  case FLOW_WORDS: return 3;
  case FLOW_GREETINGS: return 4;
  case FLOW_LISTS: return 3;
  case FLOW_UNSIGNED: return 3;
  case FLOW_UNITS: return 3;
  case FLOW_FAILING: return 2;
  case FLOW_DISCARDING: return 3;
  case FLOW_RANGE:
  case FLOW_STRINGS:
  case FLOW_TICKS: return flow->count;
  }
  return 0;
}

// "item-<i>" for i >= 0, the digits written directly: a bulk Flow<String> makes one per element, and
// snprintf's format parsing was a fifth of the whole benchmark's time.
static ks_value item_string(int32_t i) {
  char digits[10]; // INT32_MAX has 10
  int32_t count = 0;
  uint32_t rest = (uint32_t)i;
  do {
    digits[count++] = (char)('0' + rest % 10);
    rest /= 10;
  } while (rest > 0);
  static const char prefix[] = "item-";
  enum { PREFIX = sizeof prefix - 1 };
  char text[PREFIX + sizeof digits];
  memcpy(text, prefix, PREFIX);
  for (int32_t k = 0; k < count; k++) text[PREFIX + k] = digits[count - 1 - k];
  return ks_value_string(text, PREFIX + count);
}

static ks_value item(const cold_flow *flow, int32_t i) {
  switch (flow->kind) {
  case FLOW_ELEMENTS:
  case FLOW_FAILING:
  case FLOW_DISCARDING: return ks_value_object(ks_element(i + 1));
  case FLOW_NULLABLE_ELEMENTS: return i % 2 == 1 ? ks_value_null() : ks_value_object(ks_element(i / 2 + 1));
  case FLOW_WORDS: return ks_value_string(words[i], (int32_t)strlen(words[i]));
  case FLOW_GREETINGS: return ks_value_string(greetings[i], (int32_t)strlen(greetings[i]));
  case FLOW_LISTS: {
    ks_value list = {.kind = shared_ValueKind_list, .count = 1};
    list.as.list = ks_calloc(1, sizeof(ks_value));
    list.as.list[0] = ks_value_int(i + 1);
    return list;
  }
  case FLOW_UNSIGNED: return ks_value_uint((uint32_t)i + 1);
  case FLOW_UNITS: return i == 1 ? ks_value_null() : ks_value_unit();
  case FLOW_RANGE: return ks_value_int(i);
  case FLOW_STRINGS: return item_string(i);
  case FLOW_TICKS: return ks_value_long(i);
  case FLOW_NO_ELEMENTS: break;
  }
  return ks_value_null();
}

static ks_step cold_step(ks_collection *collection, void *raw, bool cancelled, ks_object **throwable) {
  cold_state *state = raw;
  const cold_flow *flow = state->flow;
  // The suspension point the body is resumed at throws CancellationException; there is no
  // `finally` in these bodies, so the exception simply propagates.
  if (cancelled) return KS_STEP_CANCELLED;
  int32_t length = length_of(flow);
  while (state->index < length) {
    if (flow->kind != FLOW_TICKS) {
      // Where the buffer has room for several items, emit them under one lock (same items, same
      // order; only the locking is amortised).
      int32_t room = ks_emit_capacity(collection);
      if (room > 1) {
        enum { CHUNK = 256 };
        ks_value values[CHUNK];
        int32_t n = length - state->index;
        if (n > room) n = room;
        if (n > CHUNK) n = CHUNK;
        for (int32_t i = 0; i < n; i++) values[i] = item(flow, state->index + i);
        state->index += n;
        if (!ks_emit_many(collection, values, n)) return KS_STEP_SUSPEND;
        continue;
      }
    }
    // delay(0) returns at once: it is no suspension point (and checks no cancellation).
    if (flow->kind == FLOW_TICKS && !state->delayed && flow->period_millis > 0) {
      state->delayed = true;
      ks_job_delay(ks_collection_job(collection), flow->period_millis);
      return KS_STEP_SUSPEND;
    }
    state->delayed = false;
    ks_value value = item(flow, state->index);
    state->index++;
    if (!ks_emit(collection, &value)) return KS_STEP_SUSPEND;
  }
  if (flow->kind == FLOW_FAILING) {
    *throwable = ks_throwable_new(&ks_type_illegal_state, "Flow has failed");
    return KS_STEP_FAIL;
  }
  if (flow->kind == FLOW_DISCARDING) {
    *throwable = ks_throwable_new(&ks_type_illegal_state, "Flow must be discarded");
    return KS_STEP_FAIL;
  }
  return KS_STEP_COMPLETE;
}

static void cold_destroy_state(void *state) {
  cold_state *s = state;
  ks_release((ks_object *)s->flow);
  free(s);
}

static const ks_producer_ops cold_ops = {.step = cold_step, .destroy_state = cold_destroy_state};

bool ks_flow_producer(ks_object *flow, const ks_producer_ops **ops, void **state) {
  if (flow->type != &ks_type_cold_flow) return false;
  cold_state *s = ks_calloc(1, sizeof(cold_state));
  s->flow = (const cold_flow *)ks_retain(flow);
  *ops = &cold_ops;
  *state = s;
  return true;
}

static void cold_flow_destroy(ks_object *object) { free(object); }

static shared_kref_kotlinx_coroutines_flow_Flow make(flow_kind kind, int32_t count, int64_t period) {
  cold_flow *flow = ks_calloc(1, sizeof(cold_flow));
  ks_object_init(&flow->header, &ks_type_cold_flow, cold_flow_destroy);
  flow->kind = kind;
  flow->count = count;
  flow->period_millis = period;
  shared_kref_kotlinx_coroutines_flow_Flow ref = {ks_kref_for(&flow->header)};
  ks_release(&flow->header);
  return ref;
}

shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_elements(void) { return make(FLOW_ELEMENTS, 0, 0); }
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_nullable_elements(void) {
  return make(FLOW_NULLABLE_ELEMENTS, 0, 0);
}
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_no_elements(void) { return make(FLOW_NO_ELEMENTS, 0, 0); }
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_words(void) { return make(FLOW_WORDS, 0, 0); }
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_greetings(void) { return make(FLOW_GREETINGS, 0, 0); }
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_lists(void) { return make(FLOW_LISTS, 0, 0); }
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_unsigned(void) { return make(FLOW_UNSIGNED, 0, 0); }
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_units(void) { return make(FLOW_UNITS, 0, 0); }
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_failing(void) { return make(FLOW_FAILING, 0, 0); }
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_discarding(void) { return make(FLOW_DISCARDING, 0, 0); }

// As in Kotlin, a negative count is an empty loop (`0 until count`) and a negative period a delay
// that returns at once: Swift export passes such arguments through, so the stub accepts them too.
shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_range(shared_KInt count) {
  return make(FLOW_RANGE, count < 0 ? 0 : count, 0);
}

shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_strings(shared_KInt count) {
  return make(FLOW_STRINGS, count < 0 ? 0 : count, 0);
}

shared_kref_kotlinx_coroutines_flow_Flow ks_fixture_ticks(shared_KLong period_millis, shared_KInt count) {
  return make(FLOW_TICKS, count < 0 ? 0 : count, period_millis < 0 ? 0 : period_millis);
}
