#if canImport(Glibc)
  import Glibc
#endif

/// Whether this test process (and so the `flowdump` it runs, built the same way) runs under
/// ThreadSanitizer or AddressSanitizer: their runtimes export `__tsan_init` / `__asan_init`.
/// Under a sanitizer every launch of the tool costs about a second on this machine, so the
/// process-spawning fault tests run a smaller sample there; CI's plain `swift test` step runs the
/// full counts.
enum Sanitizer {
  static let isActive: Bool = {
    guard let handle = dlopen(nil, RTLD_NOW) else { return false }
    defer { dlclose(handle) }
    return dlsym(handle, "__tsan_init") != nil || dlsym(handle, "__asan_init") != nil
  }()
}
