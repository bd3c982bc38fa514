// The module `sealedSuspend` (sealedSuspend.kt): a sealed class with a data object and two data
// classes, and suspend functions that return or take its values.
#include "runtime.h"
#include "shared_sealed_suspend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const shared_KType load_state_type = {"LoadState", &ks_type_any};
static const shared_KType loading_type = {"LoadState.Loading", &load_state_type};
static const shared_KType success_type = {"LoadState.Success", &load_state_type};
static const shared_KType failure_type = {"LoadState.Failure", &load_state_type};

const shared_KType *shared_LoadState_type(void) { return &load_state_type; }
const shared_KType *shared_LoadState_Loading_type(void) { return &loading_type; }
const shared_KType *shared_LoadState_Success_type(void) { return &success_type; }
const shared_KType *shared_LoadState_Failure_type(void) { return &failure_type; }

// `data object Loading`: one permanent instance.
static ks_object loading;
static pthread_once_t loading_once = PTHREAD_ONCE_INIT;

static void loading_init(void) {
  ks_object_init(&loading, &loading_type, NULL);
  loading.permanent = true;
  loading.permanent_token = ks_handle_new_permanent(&loading);
}

static ks_object *loading_instance(void) {
  pthread_once(&loading_once, loading_init);
  return &loading;
}

shared_kref_LoadState shared_LoadState_Loading_instance(void) {
  return (shared_kref_LoadState){ks_kref_for(loading_instance())};
}

// `data class Success(val data: String)` / `data class Failure(val reason: String)`.
typedef struct {
  ks_object header;
  char *text;
} data_state;

static void data_destroy(ks_object *object) {
  data_state *state = (data_state *)object;
  free(state->text);
  free(state);
}

static ks_object *data_new(const shared_KType *type, const char *text) {
  data_state *state = ks_calloc(1, sizeof(data_state));
  ks_object_init(&state->header, type, data_destroy);
  state->text = ks_strdup(text);
  return &state->header;
}

static shared_kref_LoadState new_data_kref(const shared_KType *type, const char *text, const char *function,
                                           shared_Status *status) {
  if (text == NULL) {
    ks_misuse("%s: the string is NULL; pass a UTF-8 string", function);
    if (status != NULL) *status = shared_Status_nullArgument;
    return (shared_kref_LoadState){NULL};
  }
  ks_object *object = data_new(type, text);
  shared_KNativePtr kref = ks_kref_for(object);
  ks_release(object);
  if (status != NULL) *status = kref == NULL ? shared_Status_invalidArgument : shared_Status_ok;
  return (shared_kref_LoadState){kref};
}

shared_kref_LoadState shared_LoadState_Success_new(const char *data, shared_Status *status) {
  return new_data_kref(&success_type, data, "shared_LoadState_Success_new", status);
}

shared_kref_LoadState shared_LoadState_Failure_new(const char *reason, shared_Status *status) {
  return new_data_kref(&failure_type, reason, "shared_LoadState_Failure_new", status);
}

static const char *data_field(shared_kref_LoadState state, const shared_KType *type, const char *function) {
  ks_object *object = ks_kref_resolve(state.pinned, type, function);
  if (object == NULL) return NULL;
  const char *text = ks_owned_strdup(((data_state *)object)->text);
  ks_release(object);
  return text;
}

const char *shared_LoadState_Success_data(shared_kref_LoadState state) {
  return data_field(state, &success_type, "shared_LoadState_Success_data");
}

const char *shared_LoadState_Failure_reason(shared_kref_LoadState state) {
  return data_field(state, &failure_type, "shared_LoadState_Failure_reason");
}

// The data classes' toString(): "Loading", "Success(data=…)", "Failure(reason=…)".
static char *to_string(ks_object *object) {
  if (object->type == &loading_type) return ks_strdup("Loading");
  const char *format = object->type == &success_type ? "Success(data=%s)" : "Failure(reason=%s)";
  const char *text = ((data_state *)object)->text;
  size_t length = strlen(format) + strlen(text) + 1;
  char *result = ks_malloc(length);
  snprintf(result, length, format, text);
  return result;
}

// --- the suspend functions: delay(1), then the result ------------------------------------------

typedef enum { LOAD_SUCCESS, LOAD_FAILURE, LOAD_NULLABLE, CONSUME } sealed_function;

typedef struct {
  sealed_function function;
  bool empty;
  ks_object *state; // consume's argument, retained
  int label;
} sealed_state;

static ks_step sealed_step(ks_call *call, void *raw, bool cancelled, ks_object **throwable, ks_value *result) {
  (void)throwable;
  sealed_state *state = raw;
  if (state->label == 0) {
    state->label = 1;
    ks_job_delay(ks_call_job(call), 1);
    return KS_STEP_SUSPEND;
  }
  if (cancelled) return KS_STEP_CANCELLED;
  ks_object *object = NULL;
  switch (state->function) {
  case LOAD_SUCCESS: object = data_new(&success_type, "loaded"); break;
  case LOAD_FAILURE: object = data_new(&failure_type, "boom"); break;
  case LOAD_NULLABLE:
    if (state->empty) {
      *result = ks_value_null();
      return KS_STEP_COMPLETE;
    }
    *result = ks_value_object(loading_instance());
    return KS_STEP_COMPLETE;
  case CONSUME: {
    char *text = to_string(state->state);
    size_t length = strlen(text) + 10;
    char *consumed = ks_malloc(length);
    snprintf(consumed, length, "consumed:%s", text);
    *result = ks_value_string(consumed, (int32_t)strlen(consumed));
    free(consumed);
    free(text);
    return KS_STEP_COMPLETE;
  }
  }
  *result = ks_value_object(object);
  ks_release(object); // the value holds it
  return KS_STEP_COMPLETE;
}

static void sealed_destroy(void *raw) {
  sealed_state *state = raw;
  ks_release(state->state);
  free(state);
}

static const ks_call_body sealed_body = {.step = sealed_step, .destroy_state = sealed_destroy};

static shared_Call start(sealed_function function, bool empty, ks_object *argument, shared_Continuation continuation,
                         shared_Status *status) {
  sealed_state *state = ks_calloc(1, sizeof(sealed_state));
  state->function = function;
  state->empty = empty;
  state->state = argument;
  return ks_call_start(&sealed_body, state, continuation, status);
}

shared_Call shared_sealedSuspend_loadSuccess(shared_Continuation continuation, shared_Status *status) {
  return start(LOAD_SUCCESS, false, NULL, continuation, status);
}

shared_Call shared_sealedSuspend_loadFailure(shared_Continuation continuation, shared_Status *status) {
  return start(LOAD_FAILURE, false, NULL, continuation, status);
}

shared_Call shared_sealedSuspend_loadNullable(shared_KBoolean empty, shared_Continuation continuation,
                                              shared_Status *status) {
  return start(LOAD_NULLABLE, empty, NULL, continuation, status);
}

shared_Call shared_sealedSuspend_consume(shared_kref_LoadState state, shared_Continuation continuation,
                                         shared_Status *status) {
  shared_Status resolved;
  ks_object *object = ks_kref_resolve_status(state.pinned, &load_state_type, "shared_sealedSuspend_consume(state)",
                                             &resolved);
  if (object == NULL) {
    if (status != NULL) *status = resolved;
    return (shared_Call){NULL};
  }
  return start(CONSUME, false, object, continuation, status);
}
