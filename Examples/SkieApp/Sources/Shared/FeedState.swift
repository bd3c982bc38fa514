/// `sealed class FeedState`, as Objective-C export shapes it: a base class and one subclass per case
/// (`FeedStateLoading`, `FeedStateLoaded`, `FeedStateFailed`). Data classes compare by value.
public class FeedState: Equatable, @unchecked Sendable {
  // @unchecked Sendable: every subclass holds immutable values only.
  init() {}

  public static func == (lhs: FeedState, rhs: FeedState) -> Bool { lhs.isEqual(to: rhs) }

  func isEqual(to other: FeedState) -> Bool { self === other }
}

/// `data object Loading : FeedState()`.
public final class FeedStateLoading: FeedState, @unchecked Sendable {
  /// The object's instance (Kotlin's `FeedState.Loading`).
  public static let shared = FeedStateLoading()
}

/// `data class Loaded(val articles: List<String>) : FeedState()`.
public final class FeedStateLoaded: FeedState, @unchecked Sendable {
  public let articles: [String]

  public init(articles: [String]) { self.articles = articles }

  override func isEqual(to other: FeedState) -> Bool { (other as? FeedStateLoaded)?.articles == articles }
}

/// `data class Failed(val reason: String) : FeedState()`.
public final class FeedStateFailed: FeedState, @unchecked Sendable {
  public let reason: String

  public init(reason: String) { self.reason = reason }

  override func isEqual(to other: FeedState) -> Bool { (other as? FeedStateFailed)?.reason == reason }
}

extension FeedState {
  /// The Swift enum SKIE generates for the sealed class, one case per subclass.
  public enum __Sealed {
    case loading(FeedStateLoading)
    case loaded(FeedStateLoaded)
    case failed(FeedStateFailed)
  }
}

/// SKIE's `onEnum(of:)` for `FeedState`: switch over a sealed class exhaustively.
///
/// ```swift
/// switch onEnum(of: state) {
/// case .loading: ProgressView()
/// case .loaded(let loaded): List(loaded.articles, id: \.self) { Text($0) }
/// case .failed(let failed): Text(failed.reason)
/// }
/// ```
public func onEnum(of sealed: FeedState) -> FeedState.__Sealed {
  switch sealed {
  case let loading as FeedStateLoading: return .loading(loading)
  case let loaded as FeedStateLoaded: return .loaded(loaded)
  case let failed as FeedStateFailed: return .failed(failed)
  default: preconditionFailure("Invalid state: \(sealed) is not a subclass of the sealed class FeedState")
  }
}
