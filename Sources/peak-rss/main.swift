// The peak resident set of one command, for the tests of the memory bound
// (Tests/CLITests/ReliabilityTests.swift). Not a tool and not installed.
//
//   peak-rss INPUT COMMAND [ARG...]
//
// Runs COMMAND with INPUT on its standard input and /dev/null on its
// standard output and error, waits for it, and prints `STATUS KILOBYTES`:
// its exit status (128 + the signal when a signal ended it) and its peak
// resident set in KiB, from wait4(2) (whose ru_maxrss is KiB on Linux,
// bytes on Darwin). It reads no /proc: it builds wherever the package does.
//
// It exists because a process spawned from a large one (the test runner)
// starts its peak from the parent's: Linux records the peak of the memory
// a process had before its execve. Spawned from this small process, the
// command's own peak is what is measured.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

func fail(_ message: String) -> Never {
    let bytes = Array("peak-rss: \(message)\n".utf8)
    _ = write(2, bytes, bytes.count)
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: peak-rss INPUT COMMAND [ARG...]") }
#if canImport(Darwin)
    // (An opaque pointer there, a structure in glibc and musl.)
    var actions: posix_spawn_file_actions_t? = nil
    let environment = _NSGetEnviron().pointee
#else
    var actions = posix_spawn_file_actions_t()
    let environment = environ
#endif
posix_spawn_file_actions_init(&actions)
posix_spawn_file_actions_addopen(&actions, 0, arguments[1], O_RDONLY, 0)
posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
let argv: [UnsafeMutablePointer<CChar>?] = arguments.dropFirst(2).map { strdup($0) } + [nil]
var pid: pid_t = 0
let spawned = posix_spawn(&pid, arguments[2], &actions, nil, argv, environment)
guard spawned == 0 else { fail("cannot run \(arguments[2]): \(String(cString: strerror(spawned)))") }
var status: Int32 = 0
var usage = rusage()
while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
#if canImport(Darwin)
    let kilobytes = Int(usage.ru_maxrss) / 1024
#else
    let kilobytes = Int(usage.ru_maxrss)
#endif
print("\(code) \(kilobytes)")
