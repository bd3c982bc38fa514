// Like SwiftUI, `import HeadlessUI` brings Foundation and Observation along, so view code written
// against SwiftUI (`@Observable` models, `NSObject` delegates) compiles with only the import changed.
@_exported import Foundation
@_exported import Observation
