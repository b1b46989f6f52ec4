// The one fuzz binary's entry points: every target (Fuzz/NAME.swift) is built
// into the same binary with the core's sources, once, and the target a run
// fuzzes is named by the environment variable NUMTOOLS_FUZZ_TARGET, or else by
// the name the binary was started as (.build/fuzz/NAME, a link to it). Each
// target's file defines fuzzNAME (one input) and, when it derives something
// before the first input, initializeNAME; a target's global constants are
// made on first use, so a run pays only for its own.
import Foundation

/// A target: its test of one input, and what it derives before the first.
struct FuzzTarget {
    let test: (UnsafePointer<UInt8>, Int) -> CInt
    var initialize: (() -> Void)? = nil
}

/// Every target, by the name of its file (scripts/fuzz.sh --list). A file in
/// Fuzz/ missing here fails its run with "unknown target".
let fuzzTargets: [String: FuzzTarget] = [
    "amounts": FuzzTarget(test: fuzzAmounts, initialize: initializeAmounts),
    "asyoutype": FuzzTarget(test: fuzzAsyoutype),
    "coin": FuzzTarget(test: fuzzCoin),
    "coinrecords": FuzzTarget(test: fuzzCoinrecords),
    "errorrecord": FuzzTarget(test: fuzzErrorrecord),
    "find": FuzzTarget(test: fuzzFind),
    "jobs": FuzzTarget(test: fuzzJobs),
    "numconv": FuzzTarget(test: fuzzNumconv),
    "numgroup": FuzzTarget(test: fuzzNumgroup),
    "phone": FuzzTarget(test: fuzzPhone),
    "records": FuzzTarget(test: fuzzRecords),
    "units": FuzzTarget(test: fuzzUnits, initialize: initializeUnits),
    "words": FuzzTarget(test: fuzzWords),
]

/// The target of this run, chosen in LLVMFuzzerInitialize (before any input).
nonisolated(unsafe) var fuzzTest: ((UnsafePointer<UInt8>, Int) -> CInt)? = nil

/// NUMTOOLS_FUZZ_SAVE=DIR: each input is written to DIR (numbered in turn)
/// instead of tested. No target code runs, so the coverage never changes and
/// the inputs libFuzzer makes from a seed are the same every run: the fixed
/// inputs of `scripts/fuzz.sh --smoke` for a target that runs threads, whose
/// coverage (and so libFuzzer's choices) varies from run to run.
nonisolated(unsafe) var saveDirectory: String? = nil
nonisolated(unsafe) var savedInputs = 0

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    let invokedAs = argv.pointee?.pointee.map { String(cString: $0) }.map { ($0 as NSString).lastPathComponent }
    if let directory = ProcessInfo.processInfo.environment["NUMTOOLS_FUZZ_SAVE"] {
        saveDirectory = directory
        return 0
    }
    let name = ProcessInfo.processInfo.environment["NUMTOOLS_FUZZ_TARGET"] ?? invokedAs ?? ""
    guard let target = fuzzTargets[name] else {
        let known = fuzzTargets.keys.sorted().joined(separator: " ")
        FileHandle.standardError.write(
            Data("numtools-fuzz: unknown target '\(name)': set NUMTOOLS_FUZZ_TARGET to one of: \(known)\n".utf8))
        exit(2)
    }
    target.initialize?()
    fuzzTest = target.test
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let directory = saveDirectory {
        let path = "\(directory)/\(savedInputs)"
        savedInputs += 1
        _ = FileManager.default.createFile(atPath: path, contents: Data(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
    return fuzzTest!(data, size)
}
