// package location: a delegate-style API shaped like CLLocationManager.
//
//   class LocationManager {
//     var delegate: LocationManagerDelegate?
//     fun requestWhenInUseAuthorization()
//     fun requestLocation()        // answers once, later, on a worker thread
//     fun stopUpdatingLocation()   // pending requests do not answer
//   }
//
// Each request is a job in the caller's scope (counted as a pending call until it finished), so a
// test's leak check sees requests that are still running. Answers follow a per-manager script.
#include "runtime.h"

#include <stdlib.h>
#include <string.h>

const shared_KType ks_type_location_manager = {"location.LocationManager", &ks_type_any};
static const shared_KType request_type = {"<location request>", NULL};

// The delegate, shared by the manager and the callbacks in flight: released when the last of them
// lets go, so `release` never races a callback.
typedef struct {
  atomic_long refs;
  shared_LocationManagerDelegate delegate;
} delegate_box;

static delegate_box *box_retain(delegate_box *box) {
  if (box != NULL) atomic_fetch_add(&box->refs, 1);
  return box;
}

static void box_release(delegate_box *box) {
  if (box == NULL || atomic_fetch_sub(&box->refs, 1) != 1) return;
  if (box->delegate.release != NULL) box->delegate.release(box->delegate.context);
  free(box);
}

typedef struct request request;

typedef struct {
  ks_object header;
  pthread_mutex_t lock;
  delegate_box *delegate;
  shared_LocationScript *script; // FIFO of scripted outcomes (messages owned)
  int32_t script_count, script_capacity;
  int32_t authorization_requests;
  request **pending; // requests not finished (retained)
  int32_t pending_count, pending_capacity;
} manager;

struct request {
  ks_job job;
  manager *owner; // retained
  shared_LocationScript outcome;
  int label;
};

static void manager_destroy(ks_object *object) {
  manager *m = (manager *)object;
  box_release(m->delegate);
  for (int32_t i = 0; i < m->script_count; i++) free((char *)m->script[i].message);
  free(m->script);
  free(m->pending);
  pthread_mutex_destroy(&m->lock);
  free(m);
}

static shared_kref_location_LocationManager manager_new(void) {
  manager *m = ks_calloc(1, sizeof(manager));
  ks_object_init(&m->header, &ks_type_location_manager, manager_destroy);
  ks_mutex_init(&m->lock);
  shared_kref_location_LocationManager ref = {ks_kref_for(&m->header)};
  ks_release(&m->header);
  return ref;
}

static manager *resolve(shared_kref_location_LocationManager thiz, const char *what, shared_Status *status) {
  shared_Status ignored;
  return (manager *)ks_kref_resolve_status(thiz.pinned, &ks_type_location_manager, what, status ? status : &ignored);
}

// --- the request job ----------------------------------------------------------------------------

static void deliver(request *r) {
  manager *m = r->owner;
  pthread_mutex_lock(&m->lock);
  delegate_box *box = box_retain(m->delegate);
  pthread_mutex_unlock(&m->lock);
  if (box == NULL) return; // nobody listens: the answer is lost, as with a nil delegate
  switch (r->outcome.outcome) {
  case shared_LocationOutcome_fail: {
    ks_object *error = ks_throwable_new(&ks_type_illegal_state, r->outcome.message);
    shared_kref_kotlin_Throwable ref = {ks_kref_for(error)};
    ks_release(error);
    box->delegate.didFailWithError(box->delegate.context, ref);
    break;
  }
  case shared_LocationOutcome_answerTwice:
    box->delegate.didUpdateLocations(box->delegate.context, &r->outcome.coordinate, 1);
    box->delegate.didUpdateLocations(box->delegate.context, &r->outcome.coordinate, 1);
    break;
  default: box->delegate.didUpdateLocations(box->delegate.context, &r->outcome.coordinate, 1); break;
  }
  box_release(box);
}

static ks_step request_step(ks_job *job, bool cancelled, ks_object **throwable, ks_value *result) {
  (void)throwable, (void)result;
  request *r = (request *)job;
  bool answers_anyway = r->outcome.outcome == shared_LocationOutcome_answerAfterStop;
  if (cancelled && !answers_anyway) return KS_STEP_CANCELLED;
  if (r->label == 0 && !cancelled) {
    r->label = 1;
    if (r->outcome.outcome == shared_LocationOutcome_silent) return KS_STEP_COMPLETE;
    ks_job_delay(job, r->outcome.delayMillis);
    return KS_STEP_SUSPEND;
  }
  deliver(r); // the delay elapsed, or a stop arrived that this outcome ignores

  return KS_STEP_COMPLETE;
}

static bool request_ready_locked(ks_job *job) {
  (void)job;
  return false;
}

static void request_finished_locked(ks_job *job, ks_step step, ks_object *throwable, ks_value *result) {
  (void)step;
  ks_release(throwable);
  ks_value_destroy(result);
  ks_count(job->scope, KS_COUNT_CALLS, -1);
}

static void request_after_done(ks_job *job) {
  request *r = (request *)job;
  manager *m = r->owner;
  bool found = false;
  pthread_mutex_lock(&m->lock);
  for (int32_t i = 0; i < m->pending_count; i++) {
    if (m->pending[i] != r) continue;
    m->pending[i] = m->pending[--m->pending_count];
    found = true;
    break;
  }
  pthread_mutex_unlock(&m->lock);
  if (found) ks_release(&job->header);
}

static const ks_job_ops request_ops = {
  .step = request_step,
  .ready_locked = request_ready_locked,
  .finished_locked = request_finished_locked,
  .after_done = request_after_done,
};

static void request_destroy(ks_object *object) {
  request *r = (request *)object;
  free((char *)r->outcome.message);
  ks_release(&r->owner->header);
  ks_job_deinit(&r->job);
  free(r);
}

static void request_location(shared_kref_location_LocationManager thiz) {
  manager *m = resolve(thiz, "LocationManager.requestLocation", NULL);
  if (m == NULL) return;
  request *r = ks_calloc(1, sizeof(request));
  ks_scope *scope = ks_scope_current();
  ks_job_init(&r->job, &request_ops, &request_type, request_destroy, scope);
  r->owner = m; // the reference from resolve
  pthread_mutex_lock(&m->lock);
  if (m->script_count > 0) {
    r->outcome = m->script[0];
    memmove(m->script, m->script + 1, (size_t)(m->script_count - 1) * sizeof(shared_LocationScript));
    m->script_count--;
  } else {
    r->outcome = (shared_LocationScript){
      .outcome = shared_LocationOutcome_answer, .coordinate = {35.681236, 139.767125}, .delayMillis = 100};
  }
  if (m->pending_count == m->pending_capacity) {
    m->pending_capacity = m->pending_capacity == 0 ? 4 : m->pending_capacity * 2;
    m->pending = ks_realloc(m->pending, (size_t)m->pending_capacity * sizeof(request *));
  }
  m->pending[m->pending_count++] = (request *)ks_retain(&r->job.header);
  pthread_mutex_unlock(&m->lock);
  ks_count(scope, KS_COUNT_CALLS, 1);
  ks_job_start(&r->job);
  ks_release(&r->job.header);
}

static void stop_updating_location(shared_kref_location_LocationManager thiz) {
  manager *m = resolve(thiz, "LocationManager.stopUpdatingLocation", NULL);
  if (m == NULL) return;
  pthread_mutex_lock(&m->lock);
  int32_t count = m->pending_count;
  request **pending = ks_calloc((size_t)count, sizeof(request *));
  for (int32_t i = 0; i < count; i++) pending[i] = (request *)ks_retain(&m->pending[i]->job.header);
  pthread_mutex_unlock(&m->lock);
  for (int32_t i = 0; i < count; i++) {
    ks_job_cancel(&pending[i]->job, true);
    ks_release(&pending[i]->job.header);
  }
  free(pending);
  ks_release(&m->header);
}

static void request_authorization(shared_kref_location_LocationManager thiz) {
  manager *m = resolve(thiz, "LocationManager.requestWhenInUseAuthorization", NULL);
  if (m == NULL) return;
  pthread_mutex_lock(&m->lock);
  m->authorization_requests++;
  pthread_mutex_unlock(&m->lock);
  ks_release(&m->header);
}

static shared_KInt authorization_requests(shared_kref_location_LocationManager thiz) {
  manager *m = resolve(thiz, "LocationManager.authorizationRequests", NULL);
  if (m == NULL) return 0;
  pthread_mutex_lock(&m->lock);
  shared_KInt count = m->authorization_requests;
  pthread_mutex_unlock(&m->lock);
  ks_release(&m->header);
  return count;
}

static shared_KType *manager_type(void) { return (shared_KType *)&ks_type_location_manager; }

void ks_location_install(shared_ExportedSymbols *symbols) {
  symbols->kotlin.root.location.LocationManager._type = manager_type;
  symbols->kotlin.root.location.LocationManager.LocationManager = manager_new;
  symbols->kotlin.root.location.LocationManager.requestWhenInUseAuthorization = request_authorization;
  symbols->kotlin.root.location.LocationManager.requestLocation = request_location;
  symbols->kotlin.root.location.LocationManager.stopUpdatingLocation = stop_updating_location;
  symbols->kotlin.root.location.LocationManager.get_authorizationRequests = authorization_requests;
}

shared_Status shared_location_LocationManager_setDelegate(shared_kref_location_LocationManager thiz,
                                                          shared_LocationManagerDelegate delegate) {
  bool clearing = delegate.didUpdateLocations == NULL && delegate.didFailWithError == NULL;
  if (!clearing && (delegate.didUpdateLocations == NULL || delegate.didFailWithError == NULL)) {
    ks_misuse("shared_location_LocationManager_setDelegate: both didUpdateLocations and didFailWithError are "
              "required (pass both NULL to clear the delegate)");
    if (delegate.release != NULL) delegate.release(delegate.context);
    return shared_Status_nullArgument;
  }
  shared_Status status;
  manager *m = resolve(thiz, "shared_location_LocationManager_setDelegate", &status);
  if (m == NULL) {
    if (delegate.release != NULL) delegate.release(delegate.context);
    return status;
  }
  delegate_box *box = NULL;
  if (!clearing) {
    box = ks_calloc(1, sizeof(delegate_box));
    atomic_init(&box->refs, 1);
    box->delegate = delegate;
  }
  pthread_mutex_lock(&m->lock);
  delegate_box *old = m->delegate;
  m->delegate = box;
  pthread_mutex_unlock(&m->lock);
  box_release(old);
  ks_release(&m->header);
  return shared_Status_ok;
}

shared_Status shared_location_LocationManager_script(shared_kref_location_LocationManager thiz,
                                                     const shared_LocationScript *script) {
  if (script == NULL) {
    ks_misuse("shared_location_LocationManager_script: `script` is NULL");
    return shared_Status_nullArgument;
  }
  if (script->outcome < shared_LocationOutcome_answer || script->outcome > shared_LocationOutcome_answerAfterStop ||
      script->delayMillis < 0 || (script->outcome == shared_LocationOutcome_fail && script->message == NULL)) {
    ks_misuse("shared_location_LocationManager_script: invalid script (outcome %d, delay %lld ms%s)", script->outcome,
              (long long)script->delayMillis, script->message == NULL ? ", no message" : "");
    return shared_Status_invalidArgument;
  }
  shared_Status status;
  manager *m = resolve(thiz, "shared_location_LocationManager_script", &status);
  if (m == NULL) return status;
  shared_LocationScript copy = *script;
  copy.message = script->message == NULL ? NULL : ks_strdup(script->message);
  pthread_mutex_lock(&m->lock);
  if (m->script_count == m->script_capacity) {
    m->script_capacity = m->script_capacity == 0 ? 4 : m->script_capacity * 2;
    m->script = ks_realloc(m->script, (size_t)m->script_capacity * sizeof(shared_LocationScript));
  }
  m->script[m->script_count++] = copy;
  pthread_mutex_unlock(&m->lock);
  ks_release(&m->header);
  return shared_Status_ok;
}
