/*
 * shared_sealed_suspend.h — the module `sealedSuspend` (Swift export's execution tests,
 * sealedSuspend.kt): suspend functions over a sealed class.
 *
 *   sealed class LoadState {
 *       data object Loading : LoadState()
 *       data class Success(val data: String) : LoadState()
 *       data class Failure(val reason: String) : LoadState()
 *   }
 *
 * The rules THREADS, KREFS, STRINGS and MISUSE of libshared_api.h hold for every function below.
 */
#ifndef SHARED_SEALED_SUSPEND_H
#define SHARED_SEALED_SUSPEND_H

#include "shared_runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct { shared_KNativePtr pinned; } shared_kref_LoadState;

/* The classes, for IsInstance. Constant for the life of the process. Any thread. */
const shared_KType *shared_LoadState_type(void);
const shared_KType *shared_LoadState_Loading_type(void);
const shared_KType *shared_LoadState_Success_type(void);
const shared_KType *shared_LoadState_Failure_type(void);

/* `LoadState.Loading`: its permanent kref (disposing it does nothing). Any thread. */
shared_kref_LoadState shared_LoadState_Loading_instance(void);
/* `LoadState.Success(data)` / `LoadState.Failure(reason)`: a new object; the string is borrowed
   (copied). Kref owned by the caller; NULL with *status set on misuse (a NULL string). Any thread. */
shared_kref_LoadState shared_LoadState_Success_new(const char *data, shared_Status *status);
shared_kref_LoadState shared_LoadState_Failure_new(const char *reason, shared_Status *status);
/* `Success.data` / `Failure.reason` (the object borrowed); the string is owned by the caller
   (DisposeString). NULL, with a misuse counted, for an object of another class. Any thread. */
const char *shared_LoadState_Success_data(shared_kref_LoadState state);
const char *shared_LoadState_Failure_reason(shared_kref_LoadState state);

/* Suspend functions: each starts a call in the current scope (see libshared_api.h's suspend
   functions for the handle and the outcome). The result is an object value (a LoadState kref owned by
   the receiver), or null for loadNullable(empty = true).
     loadSuccess()          delay(1); LoadState.Success("loaded")
     loadFailure()          delay(1); LoadState.Failure("boom")
     loadNullable(empty)    delay(1); if (empty) null else LoadState.Loading
     consume(state)         delay(1); "consumed:$state"  (data classes' toString: "Success(data=…)") */
shared_Call shared_sealedSuspend_loadSuccess(shared_Continuation continuation, shared_Status *status);
shared_Call shared_sealedSuspend_loadFailure(shared_Continuation continuation, shared_Status *status);
shared_Call shared_sealedSuspend_loadNullable(shared_KBoolean empty, shared_Continuation continuation,
                                              shared_Status *status);
shared_Call shared_sealedSuspend_consume(shared_kref_LoadState state, shared_Continuation continuation,
                                         shared_Status *status);

#ifdef __cplusplus
}
#endif

#endif /* SHARED_SEALED_SUSPEND_H */
