extension LuaTestRunner {
    /// Keeps the text of a run's results (names, failures, tracebacks, output) within a total
    /// number of bytes. Results are admitted in order; once the total is spent, each later
    /// result keeps at most `cutNameBytes` of its name and `cutFailureBytes` of its failure
    /// (no traceback, no output) and says it was cut. Unbounded, 10 000 failing cases with
    /// 8 KB messages make 80 MB of text, held by the worker, its report and the supervisor.
    public struct ResultBound: Sendable {
        /// The worker's bound on one file's results.
        public static let fileBytes = 4 << 20
        /// The supervisor's bound on the results of a whole `dynamics test` run.
        public static let runBytes = 8 << 20
        /// What a cut result keeps of its name and of its failure message, in bytes.
        public static let cutNameBytes = 128
        public static let cutFailureBytes = 256

        /// The total, in bytes of UTF-8.
        public let bytes: Int
        /// Bytes admitted so far (whole results, then what cut ones kept).
        public private(set) var used = 0
        /// Results cut here, and the bytes they lost.
        public private(set) var cutResults = 0
        public private(set) var droppedBytes = 0

        public init(bytes: Int) {
            self.bytes = bytes
        }

        /// `result` as kept: whole while the total allows, else cut.
        public mutating func admit(_ result: Result) -> Result {
            let size = result.textBytes
            if used + size <= bytes {
                used += size
                return result
            }
            var r = result
            r.name = Self.cutKeepingEnd(r.name, to: Self.cutNameBytes)
            if let failure = r.failure {
                r.failure = Self.cut(failure, to: Self.cutFailureBytes)
                    + " (cut: the report keeps at most \(Self.shown(bytes)) of result text)"
            }
            r.traceback = nil
            r.output = nil
            let lost = max(0, size - r.textBytes)
            if lost > 0 {
                r.cutBytes += lost
                cutResults += 1
                droppedBytes += lost
            }
            used += r.textBytes
            return r
        }

        /// The first `n` bytes of `text` and an ellipsis (a cut inside a character decodes as
        /// one replacement character), or `text` when it is no longer.
        static func cut(_ text: String, to n: Int) -> String {
            text.utf8.count <= n ? text : String(decoding: text.utf8.prefix(n), as: UTF8.self) + "…"
        }

        /// The first and last bytes of `text` (a third of `n` from the end) around an
        /// ellipsis: names that differ only at the end ("… case 17") stay apart.
        static func cutKeepingEnd(_ text: String, to n: Int) -> String {
            let utf8 = text.utf8
            guard utf8.count > n else { return text }
            let tail = n / 3
            return String(decoding: utf8.prefix(n - tail), as: UTF8.self) + "…" + String(decoding: utf8.suffix(tail), as: UTF8.self)
        }

        /// `bytes` as "4 MiB" (or "N bytes").
        public static func shown(_ bytes: Int) -> String {
            bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
        }
    }
}

extension LuaTestRunner.Result {
    /// Bytes of text the result holds (name, failure, traceback, output).
    var textBytes: Int {
        name.utf8.count + (failure?.utf8.count ?? 0) + (traceback?.utf8.count ?? 0) + (output?.utf8.count ?? 0)
    }
}
