#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether this process runs under ThreadSanitizer or AddressSanitizer (their runtimes export
/// `__tsan_init` / `__asan_init`). Both slow every thread, the Kotlin workers included, by about an
/// order of magnitude, so the wall-clock bounds that only catch hangs grow with them.
enum Sanitizer {
  static let isActive: Bool = {
    guard let process = dlopen(nil, RTLD_NOW) else { return false }
    defer { dlclose(process) }
    return dlsym(process, "__tsan_init") != nil || dlsym(process, "__asan_init") != nil
  }()

  /// `duration`, or ten times it under a sanitizer.
  static func scaled(_ duration: Duration) -> Duration { isActive ? duration * 10 : duration }
}
