// `import SwiftUI` on Linux. Apple's SwiftUI re-exports Combine, Observation and Foundation; so
// does this module. The views themselves live in HeadlessUI (which also holds the test host,
// `HeadlessHost`): this module re-exports it so users' view files compile unchanged, and
// `SwiftUI.Text` / `SwiftUI.Image` resolve through the re-export.
@_exported import Combine
@_exported import Foundation
@_exported import HeadlessUI
@_exported import Observation
@_exported import UIKit
