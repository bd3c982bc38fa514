@_exported import KMPNativeCoroutinesCore  // NativeFlow / NativeSuspend, as the iOS framework's users see them
import KMPNativeCoroutinesTestDoubles
@_exported import KotlinCoroutineSupport  // KotlinUnit & co., as the module's generated types bring them
import KotlinTestDoubles

/// The fake of the team's Kotlin view model (see README.md for the Kotlin it stands for):
///
/// ```kotlin
/// class TimelineViewModel {
///     private val _posts = MutableStateFlow(listOf("Welcome to the timeline"))
///     @NativeCoroutines val posts: StateFlow<List<String>> = _posts.asStateFlow()
///     @NativeCoroutines val connection: Flow<String> = flow {
///         emit("Connecting…"); delay(1_000); emit("Online"); delay(60_000)
///         throw IOException("Connection lost")
///     }
///     @NativeCoroutines suspend fun refresh() { delay(2_000); _posts.update { it + "Maintenance tonight" } }
///     @NativeCoroutines suspend fun publish(text: String): Int { … }   // IllegalArgumentException when blank
/// }
/// ```
///
/// Each `@NativeCoroutines` declaration becomes what the plugin generates: a `NativeFlow` property
/// (`asNativeFlow()`), a `…Value` property for a StateFlow, and a function returning `NativeSuspend`.
public final class TimelineViewModel: KotlinObject, @unchecked Sendable {
  // @unchecked Sendable: immutable stored properties only; the flows are thread-safe.
  private let mutablePosts = MutableStateFlow<[String]>(["Welcome to the timeline"])

  public override init(className: String? = "TimelineViewModel") { super.init(className: className) }

  /// `@NativeCoroutines val posts: StateFlow<List<String>>`
  public var posts: NativeFlow<[String], Error, KotlinUnit> { mutablePosts.asNativeFlow() }
  /// The `postsValue` property the plugin generates for a StateFlow.
  public var postsValue: [String] { mutablePosts.value }

  /// `@NativeCoroutines val connection: Flow<String>`: a cold flow that fails after a minute online.
  public var connection: NativeFlow<String, Error, KotlinUnit> {
    flow { (collector: FlowCollector<String>) in
      try await collector.emit("Connecting…")
      try await delay(1_000)
      try await collector.emit("Online")
      try await delay(60_000)
      throw ExportedKotlinPackages.kotlin.Throwable.make(
        kotlinClassName: "java.io.IOException", message: "Connection lost")
    }
    .asNativeFlow()
  }

  /// `@NativeCoroutines suspend fun refresh()`
  public func refresh() -> NativeSuspend<KotlinUnit, Error, KotlinUnit> {
    nativeSuspend { [mutablePosts] in
      try await delay(2_000)
      mutablePosts.update { $0 + ["Maintenance tonight"] }
      return KotlinUnit.shared
    }
  }

  /// `@NativeCoroutines suspend fun publish(text: String): Int` — the new post's number.
  public func publish(text: String) -> NativeSuspend<Int32, Error, KotlinUnit> {
    nativeSuspend { [mutablePosts] in
      try await delay(500)
      guard !text.allSatisfy(\.isWhitespace) else {
        throw ExportedKotlinPackages.kotlin.IllegalArgumentException(message: "A post cannot be blank")
      }
      var number: Int32 = 0
      mutablePosts.update { posts in
        number = Int32(posts.count + 1)
        return posts + [text]
      }
      return number
    }
  }
}
