// The compiler plugin behind `#Preview` on Linux. Previews are not run here, so every `#Preview`
// expands to nothing; what matters is that the file compiles, with the preview's body type-checked
// against the macro's declaration in the SwiftUI module.
//
// The plugin speaks the compiler's plugin protocol directly, without swift-syntax (which this
// package cannot depend on): messages are JSON, each preceded by its length as a little-endian
// UInt64, on standard input and output. The host asks for the plugin's capability, then sends one
// expansion request per macro use; each gets one answer.

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let systemRead = read
let systemWrite = write

/// The protocol version this plugin speaks: the one whose expansion answer is `expandMacroResult`.
let pluginProtocolVersion = 7

/// Reads exactly `count` bytes from standard input; nil at the end of input.
func readExactly(_ count: Int) -> [UInt8]? {
  var bytes = [UInt8](repeating: 0, count: count)
  var filled = 0
  while filled < count {
    let read: Int = bytes.withUnsafeMutableBytes { buffer in
      systemRead(STDIN_FILENO, buffer.baseAddress! + filled, count - filled)
    }
    if read <= 0 { return nil }
    filled += read
  }
  return bytes
}

func send(_ message: [String: Any]) {
  guard let payload = try? JSONSerialization.data(withJSONObject: message) else { return }
  var header = UInt64(payload.count).littleEndian
  var bytes = withUnsafeBytes(of: &header) { Array($0) }
  bytes.append(contentsOf: payload)
  var written = 0
  while written < bytes.count {
    let result: Int = bytes.withUnsafeBytes { buffer in
      systemWrite(STDOUT_FILENO, buffer.baseAddress! + written, bytes.count - written)
    }
    if result <= 0 { exit(1) }
    written += result
  }
}

var hostProtocolVersion = 0

while let header = readExactly(8) {
  let length = header.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
  guard length > 0, let payload = readExactly(Int(length)),
    let message = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any],
    let kind = message.keys.first
  else { break }
  switch kind {
  case "getCapability":
    let capability = (message[kind] as? [String: Any])?["capability"] as? [String: Any]
    hostProtocolVersion = capability?["protocolVersion"] as? Int ?? 0
    send(["getCapabilityResult": ["capability": ["protocolVersion": pluginProtocolVersion]]])
  case "expandFreestandingMacro", "expandAttachedMacro":
    // Hosts before protocol version 5 expect the older, role-specific answer names.
    let answer =
      hostProtocolVersion >= 5
      ? "expandMacroResult"
      : (kind == "expandFreestandingMacro" ? "expandFreestandingMacroResult" : "expandAttachedMacroResult")
    send([answer: ["expandedSource": "", "diagnostics": [Any]()]])
  case "loadPluginLibrary":
    send(["loadPluginLibraryResult": ["loaded": false, "diagnostics": [Any]()]])
  default:
    break  // an unknown request: no answer is better than a wrong one
  }
}
