import CInterop
import Locking

/// The link from a Kotlin object to the instance of the Swift subclass it was made for, which Kotlin's
/// virtual calls reach. Weak: the Swift instance owns the Kotlin object (through its kref), not the
/// other way round. The runtime holds one retain of this binding until it frees the Kotlin object.
package final class KotlinSubclassBinding: Sendable {
  private let table: KotlinOverrideTable
  private let instance = Locked(WeakInstance())

  private struct WeakInstance {
    weak var object: KotlinBase?
  }

  private init(table: KotlinOverrideTable) { self.table = table }

  /// Makes the Kotlin object for an instance of open class `className` of package `inheritance`:
  /// plain when `subclass` is nil, otherwise bound to a Swift subclass (call `bind(_:)` on the result
  /// once the Swift instance exists).
  ///
  /// ```swift
  /// let (ref, binding) = KotlinSubclassBinding.makeInstance("AsyncBase", subclass: table)
  /// super.init(ref: ref)
  /// binding?.bind(self)
  /// ```
  package static func makeInstance(_ className: String, argument: String? = nil, subclass table: KotlinOverrideTable?)
    -> (KotlinRef, KotlinSubclassBinding?)
  {
    var status = shared_Status_ok
    guard let table else {
      let pointer = KotlinABI.inCurrentScope {
        className.withCString { name in withOptionalCString(argument) { shared_inheritance_new(name, $0, nil, &status) }
        }
      }
      return (adopt(pointer, className, status), nil)
    }
    let binding = KotlinSubclassBinding(table: table)
    var callbacks = shared_SwiftSubclass()
    callbacks.context = Unmanaged.passRetained(binding).toOpaque()
    callbacks.startSuspend = startSuspendCallback
    callbacks.cancel = cancelCallback
    callbacks.end = endCallback
    callbacks.invoke = invokeCallback
    callbacks.release = releaseCallback
    let pointer = KotlinABI.inCurrentScope {
      className.withCString { name in
        withOptionalCString(argument) { argument in
          withUnsafePointer(to: callbacks) { shared_inheritance_new(name, argument, $0, &status) }
        }
      }
    }
    return (adopt(pointer, className, status), binding)
  }

  private static func adopt(_ pointer: shared_KNativePtr?, _ className: String, _ status: shared_Status) -> KotlinRef {
    guard let pointer else {
      preconditionFailure("\(className)() was refused by the Kotlin runtime (status \(status.rawValue))")
    }
    return KotlinRef(adopting: pointer)
  }

  /// The Swift subclass instance a Kotlin reference stands for (borrowed `pointer`), or nil for a
  /// plain Kotlin object: what keeps identity when Kotlin hands a Swift subclass's instance back.
  package static func boundInstance(of pointer: shared_KNativePtr) -> KotlinBase? {
    guard let context = shared_inheritance_swiftContext(pointer) else { return nil }
    return Unmanaged<KotlinSubclassBinding>.fromOpaque(context).takeUnretainedValue().object
  }

  /// Binds the Swift instance (from its initializer, right after `super.init`).
  package func bind(_ object: KotlinBase) {
    instance.withLock { $0.object = object }
  }

  private var object: KotlinBase? { instance.withLock { $0.object } }

  fileprivate var boundObject: KotlinBase? { object }

  fileprivate func suspendMember(_ name: String) -> KotlinOverrideTable.SuspendMember? { table.suspendMembers[name] }
  fileprivate func syncMember(_ name: String) -> KotlinOverrideTable.SyncMember? { table.syncMembers[name] }
}

private func binding(_ context: UnsafeMutableRawPointer?) -> KotlinSubclassBinding {
  Unmanaged<KotlinSubclassBinding>.fromOpaque(context!).takeUnretainedValue()
}

private func missing(_ member: String) -> ExportedKotlinPackages.kotlin.Throwable {
  ExportedKotlinPackages.kotlin.Throwable.make(
    kotlinClassName: "kotlin.IllegalStateException",
    message: "no Swift implementation of \(member) is reachable (the Swift instance is gone, or the table lacks it)")
}

private let startSuspendCallback:
  @convention(c) (
    UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafePointer<shared_Value>?, Int32, shared_OverrideCall
  ) -> UnsafeMutableRawPointer? = { context, member, args, count, call in
    let name = member.map { String(cString: $0) } ?? ""
    let target = binding(context)
    let operation: @Sendable () async throws -> KotlinOverrideValue
    if let object = target.boundObject, let handler = target.suspendMember(name) {
      do {
        operation = try handler(object, UnsafeBufferPointer(start: args, count: Int(count)))
      } catch {
        operation = { throw error }
      }
    } else {
      let error = missing(name)
      operation = { throw error }
    }
    let run = KotlinOverrideRun(call: call)
    run.launch(operation)
    return Unmanaged.passRetained(run).toOpaque()
  }

private let cancelCallback: @convention(c) (UnsafeMutableRawPointer?) -> Void = { run in
  Unmanaged<KotlinOverrideRun>.fromOpaque(run!).takeUnretainedValue().cancel()
}

private let endCallback: @convention(c) (UnsafeMutableRawPointer?) -> Void = { run in
  Unmanaged<KotlinOverrideRun>.fromOpaque(run!).release()
}

private let invokeCallback:
  @convention(c) (
    UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafePointer<shared_Value>?, Int32, shared_OverrideResult
  ) -> Void = { context, member, args, count, result in
    let name = member.map { String(cString: $0) } ?? ""
    let target = binding(context)
    guard let object = target.boundObject, let handler = target.syncMember(name),
      let value = try? handler(object, UnsafeBufferPointer(start: args, count: Int(count)))
    else {
      shared_Doubles_reportMisuse("the synchronous override \(name) could not run: \(missing(name).message ?? "")")
      return
    }
    value.encode { _ = shared_OverrideResult_set(result, $0) }
  }

private let releaseCallback: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
  Unmanaged<KotlinSubclassBinding>.fromOpaque(context!).release()
}

private func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
  guard let string else { return body(nil) }
  return string.withCString { body($0) }
}
