// Like SwiftUI, `import HeadlessUI` brings Combine, Foundation and Observation along, so view code
// written against SwiftUI (`ObservableObject` models, `@Observable` models, `NSObject` delegates)
// compiles with only the import changed.
@_exported import Combine
@_exported import Foundation
@_exported import Observation
