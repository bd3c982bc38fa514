// The Swift concurrency runtime's own cancellation query, for a per-element check that costs two
// plain calls.
//
// Why: a flow iterator checks cancellation before every element it hands out (see
// KotlinFlowSequence.Iterator), and `Task.isCancelled` goes through `withUnsafeCurrentTask`, which
// in this toolchain's runtime retains and releases the task and reads the thread-local twice: perf
// put it at about a quarter of a bulk Flow<Int>'s time. These are the two runtime entry points
// `Task.isCancelled` ends in. Both are exported by libswift_Concurrency.so (`nm -D` lists
// `T swift_task_getCurrent` and `T swift_task_isCancelled`; declared in the Swift repository's
// include/swift/Runtime/Concurrency.h and Task.h) and use the Swift calling convention, declared
// here as such so each call matches the runtime's ABI exactly.
//
// Header only: nothing here is compiled on its own; Swift imports the inline function.
#ifndef CTASKSHIMS_H
#define CTASKSHIMS_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

// The runtime's task object, opaque here.
typedef struct cts_AsyncTask cts_AsyncTask;

// The task running on this thread, or NULL outside a task. Any thread; the task is not retained.
__attribute__((swiftcall)) extern cts_AsyncTask *swift_task_getCurrent(void);
// Whether `task` was cancelled (an atomic load of its status). Any thread; `task` must be alive.
__attribute__((swiftcall)) extern bool swift_task_isCancelled(cts_AsyncTask *task);

// Whether the task running on this thread is cancelled: `Task.isCancelled` without the detour.
// Outside a task, false (as `Task.isCancelled`). Any thread.
static inline bool cts_currentTaskIsCancelled(void) {
  cts_AsyncTask *task = swift_task_getCurrent();
  return task != 0 && swift_task_isCancelled(task);
}

#ifdef __cplusplus
}
#endif

#endif
