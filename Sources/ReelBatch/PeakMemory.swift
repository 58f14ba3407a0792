import Foundation

/// This process's peak resident memory since the last `reset()`: a worker that renders several jobs
/// reports each job's own peak, not its life's (which `wait4` gives only once, at its end).
public enum PeakMemory {
    /// Starts a new peak: writing 5 to `/proc/self/clear_refs` resets the kernel's high-water mark
    /// (VmHWM; proc(5), "since Linux 4.0").
    public static func reset() {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return }
        try? handle.write(contentsOf: Data("5".utf8))
        try? handle.close()
    }

    /// The peak resident memory in bytes since the last reset (VmHWM), nil where /proc cannot tell.
    public static func current() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kB = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return kB * 1024
    }
}
