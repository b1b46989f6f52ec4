// Every difference between the C libraries the command-line layer runs on:
// glibc (Linux), musl (the Static Linux SDK) and Darwin's libc (macOS, iOS).
// Everywhere else calls these functions, and takes from the libc only what
// the three spell alike (open, fcntl, poll, fstat, pipe, strerror, ...) under
// an import of all three branches. scripts/portability-check.sh keeps it so:
// a module-qualified libc call, a libc's own field name, `environ` or
// `/proc` outside this file fails CI.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C library's calls whose name or shape differs between glibc, musl
/// and Darwin, or that a type's own `read`, `write` or `close` would hide.
enum Platform {
    /// read(2).
    @inline(__always)
    /// The processors online (`-j 0`): sysconf's count, which glibc, musl
    /// and Darwin spell alike (Foundation's `ProcessInfo` is not linked).
    static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(fd, buffer, count)
        #elseif canImport(Musl)
            Musl.read(fd, buffer, count)
        #elseif canImport(Darwin)
            Darwin.read(fd, buffer, count)
        #endif
    }

    /// write(2).
    @inline(__always)
    static func write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(fd, buffer, count)
        #elseif canImport(Musl)
            Musl.write(fd, buffer, count)
        #elseif canImport(Darwin)
            Darwin.write(fd, buffer, count)
        #endif
    }

    /// close(2).
    static func close(_ fd: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.close(fd)
        #elseif canImport(Musl)
            Musl.close(fd)
        #elseif canImport(Darwin)
            Darwin.close(fd)
        #endif
    }

    /// signal(2) with SIG_DFL (`ignore` false) or SIG_IGN.
    static func setDisposition(_ number: Int32, ignore: Bool) {
        #if canImport(Glibc)
            _ = Glibc.signal(number, ignore ? SIG_IGN : SIG_DFL)
        #elseif canImport(Musl)
            _ = Musl.signal(number, ignore ? SIG_IGN : SIG_DFL)
        #elseif canImport(Darwin)
            _ = Darwin.signal(number, ignore ? SIG_IGN : SIG_DFL)
        #endif
    }

    /// Whether signal `number` is ignored (SIG_IGN) now, as a process may be
    /// started with some.
    static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        sigaction(number, nil, &current)
        // Function pointers are not Equatable: compare their addresses.
        let ignored = unsafeBitCast(SIG_IGN, to: Int.self)
        #if canImport(Glibc)
            let handler = current.__sigaction_handler.sa_handler
        #elseif canImport(Musl)
            let handler = current.__sa_handler.sa_handler
        #elseif canImport(Darwin)
            let handler = current.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == ignored
    }

    /// sigaction(2): `handler` for signal `number`, no flags, nothing masked.
    static func handle(_ number: Int32, with handler: @escaping @convention(c) (Int32) -> Void) {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler
        #elseif canImport(Musl)
            action.__sa_handler.sa_handler = handler
        #elseif canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(number, &action, nil)
    }

    /// The process's environment, `NAME=value` strings up to a null pointer.
    static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
        #if canImport(Darwin)
            _NSGetEnviron().pointee!
        #else
            environ
        #endif
    }

    /// Keeps the buffers a few threads allocate and free (a few hundred KiB a
    /// block) in the heap rather than mapped and unmapped (and faulted in
    /// again) each time: glibc's mallopt, which the Glibc module does not
    /// import (M_MMAP_THRESHOLD is -3, M_TRIM_THRESHOLD -1, in malloc.h).
    /// musl's and Darwin's allocators have no such knob: nothing there.
    static func keepThreadBuffersInHeap() {
        #if canImport(Glibc)
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            if let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") {
                let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
                _ = mallopt(-3, 1 << 24)
                _ = mallopt(-1, 1 << 27)
            }
        #endif
    }
}
