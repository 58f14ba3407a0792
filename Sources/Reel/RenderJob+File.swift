import Foundation
import ReelEncode

// MARK: The job as a file

extension RenderJob {
    /// Reads a job written by `write(to:)`: what a farm node or a batch worker renders.
    /// - Throws: `RenderJobError.invalid` when the data is not a job.
    public init(json data: Data, source: String) throws {
        do {
            self = try JSONDecoder().decode(RenderJob.self, from: data)
        } catch {
            throw RenderJobError.invalid("\(source) is not a render job written by this reel version: \(error)")
        }
    }

    /// Reads a job file (`reel _job FILE`).
    /// - Throws: `RenderJobError.invalid` when it cannot be read or is not a job.
    public init(file path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RenderJobError.invalid("cannot read the job file \(path): is it on storage every node shares?")
        }
        try self.init(json: data, source: path)
    }

    /// The job as JSON: every option, resolved, so the process that reads it renders with
    /// exactly what was asked for here.
    /// - Throws: `RenderJobError.invalid` for values JSON cannot hold (NaN).
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do { return try encoder.encode(self) } catch {
            throw RenderJobError.invalid("the job cannot be written as JSON: \(error)")
        }
    }

    /// Writes the job file a farm node reads.
    /// - Throws: `RenderJobError.failed` when it cannot be written.
    public func write(to path: String) throws {
        let data = try json()
        // Through a registered temporary: a signal mid-write leaves neither half a file nor a temporary.
        do { try AtomicOutput.write(Array(data), to: path) } catch {
            throw RenderJobError.failed("cannot write the job file \(path): \(error)")
        }
    }

    /// The job's fingerprint for `output`: the options that decide that file's bytes, defaults
    /// resolved for its format (`RenderOptions.identity(for:)`), as compact JSON — what an
    /// output's record keeps, so a later run knows whether the options changed.
    /// - Throws: `RenderJobError.invalid` when the output names no format reel writes.
    public func fingerprint(output: String) throws -> String {
        do { return options.identity(for: try OutputFormat(path: output, codec: options.codec)).compact } catch {
            throw RenderJobError.invalid("\(error)")
        }
    }
}
