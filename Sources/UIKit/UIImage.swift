import Foundation
import HeadlessUI

/// UIKit's `UIImage`: a name (asset or SF Symbol); `Image(uiImage:)` draws it by that name. No pixels.
public final class UIImage: Hashable, Sendable, CustomStringConvertible {
  public let name: String

  init(name: String) { self.name = name }

  /// An empty image.
  public convenience init() { self.init(name: "") }

  /// An asset-catalogue image: always found here (there is no catalogue to miss it in).
  public convenience init?(named name: String) { self.init(name: name) }
  /// An SF Symbol.
  public convenience init?(systemName: String) { self.init(name: systemName) }
  /// Image data: named after its size, as there is nothing to decode.
  public convenience init?(data: Data) { self.init(name: "data(\(data.count) bytes)") }

  public func withRenderingMode(_ mode: RenderingMode) -> UIImage { self }
  public func withTintColor(_ color: UIColor) -> UIImage { self }

  public enum RenderingMode: Int, Sendable { case automatic, alwaysOriginal, alwaysTemplate }

  public var description: String { name }
  public static func == (lhs: UIImage, rhs: UIImage) -> Bool { lhs.name == rhs.name }
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension Image {
  /// SwiftUI's `Image(uiImage:)`: drawn by the UIKit image's name.
  public init(uiImage: UIImage) { self.init(uiImage.name) }
}
