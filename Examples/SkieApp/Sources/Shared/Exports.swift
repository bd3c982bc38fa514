// SKIE compiles its Swift code into the Kotlin framework, so `import shared` brings SkieSwiftFlow,
// Observing and collect(flow:into:) along: so does the fake.
@_exported import KotlinCoroutineSupport
@_exported import SKIERuntime
