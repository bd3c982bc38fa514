/// Returns once every job already enqueued on the main actor has run.
///
/// The main actor is a serial FIFO executor: a task enqueued now runs after those enqueued before it.
/// Tests use this after `scope.advance(byMillis:)` — which returns only once the Kotlin side is quiet,
/// i.e. after any callback has resumed its Swift continuation — to let a `@MainActor` consumer that
/// was (wrongly) resumed record what it got before the test looks. It waits for nothing else.
@MainActor
func drainMainActor() async {
  await Task { @MainActor in }.value
}
