import KotlinFixtures
import KotlinTestDoubles

/// `flowdump dump script <path>`: a JSONL flow script (KotlinTestDoubles' `FlowScript`) replayed
/// through the Kotlin runtime like any flow of the module.
enum ScriptSource {
  static let entryName = "script"

  /// The catalog entry. `dump` loads the file before it runs (so that a bad file exits 65 or 66, not
  /// 64) and makes the source from the loaded script; `make` here is the same load for any other
  /// caller, reporting a bad file as a usage error.
  static let entry = FlowEntry(
    name: entryName, kind: .flow, arguments: [ArgumentSpec(name: "path", kind: .string)],
    type: defaultType + " (or the script header's \"type\")"
  ) { arguments throws(UsageError) in
    do throws(FlowScriptError) {
      return source(try FlowScript(contentsOfFile: arguments.string(0)))
    } catch {
      throw UsageError(message: error.description, command: arguments.command)
    }
  }

  /// The type of a script without one in its header: any JSON value.
  static let defaultType = "Flow<Any?>"

  /// The script of `dump script <path>`, read before anything runs: nil for other flows, or the exit
  /// code after reporting a file that cannot be read (66, EX_NOINPUT) or is malformed (65, EX_DATAERR).
  static func load(_ entry: FlowEntry, _ arguments: CatalogArguments) -> Loaded {
    guard entry.name == entryName else { return .notAScript }
    do throws(FlowScriptError) {
      return .script(try FlowScript(contentsOfFile: arguments.string(0)))
    } catch {
      Output.error("flowdump: \(error)")
      if error.code == .unreadable { return .failed(.noInput) }
      Output.error("A script has one JSON object per line; see \"Scripted flows\" in the README.")
      return .failed(.dataError)
    }
  }

  enum Loaded {
    case notAScript
    case script(FlowScript)
    /// The file was reported on stderr; exit with this code.
    case failed(ExitCode)
  }

  static func type(of script: FlowScript) -> String { script.header.type ?? defaultType }

  /// The script's flow, its items printed with their `text` or else as JSON.
  static func source(_ script: FlowScript) -> DumpSource {
    DumpSource(script.flow { value, text in DumpValue.script(value, text: text) }, render: { $0 })
  }
}

extension DumpValue {
  /// A script item: printed as its `text` if it has one, else as `text(of:)`.
  static func script(_ value: ScriptValue, text: String?) -> DumpValue {
    DumpValue(text: text ?? Self.text(of: value), json: value.json)
  }

  /// How flowdump prints a JSON value in text format, the way it prints the module's values: strings
  /// quoted, lists as `[1, 2]`, everything else as its JSON.
  static func text(of value: ScriptValue) -> String {
    var text = ""
    write(value, into: &text)
    return text
  }

  /// Appends to one string: mapping a list of 50 million numbers to strings and joining them held
  /// an array of 50 million strings (800 MB) beside the text.
  private static func write(_ value: ScriptValue, into text: inout String) {
    guard case .list(let values) = value else {
      text += value.json
      return
    }
    text += "["
    for (index, element) in values.enumerated() {
      if index > 0 { text += ", " }
      write(element, into: &text)
    }
    text += "]"
  }
}
