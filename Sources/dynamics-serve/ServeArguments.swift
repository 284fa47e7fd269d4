import DynamicsLua

/// The arguments `dynamics serve` starts this server with, in its one form:
/// `--port N --host ADDR --lua-budget N --lua-memory MB -- SCENE` (every option once, any
/// order, the scene last). `dynamics serve` has checked them already; they are checked again
/// with the same ranges, since anyone can start this executable.
struct ServeArguments {
    var scene: String
    var host: String
    var port: Int
    var limits: LuaLimits
    /// A recording to open on the timeline (`--replay`), if any.
    var replay: String?

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    static let usage = "usage: dynamics-serve --port N --host ADDR --lua-budget N --lua-memory MB [--replay REC] -- SCENE.lua "
        + "(started by `dynamics serve`, which takes the same options)"

    init(_ arguments: [String]) throws(UsageError) {
        guard let dashes = arguments.firstIndex(of: "--"), dashes == arguments.count - 2 else {
            throw UsageError(description: ServeArguments.usage)
        }
        scene = arguments[dashes + 1]
        let options = arguments[..<dashes]
        guard options.count % 2 == 0 else { throw UsageError(description: ServeArguments.usage) }
        var values: [String: String] = [:]
        for i in stride(from: options.startIndex, to: options.endIndex, by: 2) {
            let name = options[i]
            guard ["--port", "--host", "--lua-budget", "--lua-memory", "--replay"].contains(name) else {
                throw UsageError(description: "unknown option \(name); \(ServeArguments.usage)")
            }
            guard values.updateValue(options[i + 1], forKey: name) == nil else {
                throw UsageError(description: "\(name) given twice; \(ServeArguments.usage)")
            }
        }
        func whole(_ name: String, _ range: ClosedRange<Int>, _ unit: String) throws(UsageError) -> Int {
            guard let text = values[name] else { throw UsageError(description: "\(name) is missing; \(ServeArguments.usage)") }
            guard let n = Int(text), range.contains(n) else {
                throw UsageError(description: "\(name) must be a whole number in \(range.lowerBound)…\(range.upperBound)\(unit), got \(text)")
            }
            return n
        }
        port = try whole("--port", 0...65535, "")
        let budget = try whole("--lua-budget", 1_000...1_000_000_000_000, " instructions")
        let memory = try whole("--lua-memory", 1...65_536, " MB")
        guard let host = values["--host"], !host.isEmpty else { throw UsageError(description: "--host must not be empty") }
        self.host = host
        replay = values["--replay"]
        limits = LuaLimits(instructionBudget: budget, memoryCap: memory << 20)
    }
}
