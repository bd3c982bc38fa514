/// Cancels the Kotlin job behind a ``NativeFlow`` or ``NativeSuspend`` (KMP-NativeCoroutines'
/// `NativeCancellable`): Kotlin's `job.cancel()`. It returns at once; the job's completion callback
/// follows once its `finally` blocks have run.
///
/// ```swift
/// let cancel = viewModel.time({ _, next, _ in next() }, { _, unit in unit }, { _, unit in unit })
/// _ = cancel()
/// ```
public typealias NativeCancellable<Unit> = () -> Unit
