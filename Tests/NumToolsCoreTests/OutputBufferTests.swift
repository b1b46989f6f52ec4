import Testing

@testable import NumToolsCore

/// The in-place write contract of ``ByteOutput``: a buffer of the stated
/// size plus the named slack, of which only the count returned is output.
@Suite struct OutputBufferTests {
    /// Writes `count` bytes `x` and fills the slack after them with `#`.
    static func write<Output: ByteOutput & ~Copyable>(_ count: Int, maximum: Int, into out: inout Output) -> Int {
        var handed = -1
        out.appendWithUnsafeMutableBytes(maximumCount: maximum) { buffer in
            handed = buffer.count
            for k in 0..<count { buffer[k] = UInt8(ascii: "x") }
            for k in count..<buffer.count { buffer[k] = UInt8(ascii: "#") }
            return count
        }
        return handed
    }

    @Test(arguments: [(0, 0), (0, 5), (3, 3), (2, 40), (100, 1 << 17)])
    func outputBuffer(count: Int, maximum: Int) {
        var out = OutputBuffer(capacity: 16)
        out.append(UInt8(ascii: "a"))
        #expect(Self.write(count, maximum: maximum, into: &out) == maximum + InPlaceWrite.slack)
        #expect(out.bytes == [UInt8(ascii: "a")] + [UInt8](repeating: UInt8(ascii: "x"), count: count))
        // The slack is scratch: the next append overwrites it.
        out.append(UInt8(ascii: "b"))
        #expect(out.bytes.last == UInt8(ascii: "b") && out.count == count + 2)
    }

    @Test(arguments: [(0, 0), (0, 5), (3, 3), (2, 40), (100, 1 << 17)])
    func array(count: Int, maximum: Int) {
        var out: [UInt8] = [UInt8(ascii: "a")]
        #expect(Self.write(count, maximum: maximum, into: &out) == maximum + InPlaceWrite.slack)
        #expect(out == [UInt8(ascii: "a")] + [UInt8](repeating: UInt8(ascii: "x"), count: count))
    }

    /// Widening in place (a CSV field quoted after its transform).
    @Test func extend() {
        var out = OutputBuffer(capacity: 16)
        out.append(bytes: Array("abc".utf8))
        out.extend(by: 40)
        #expect(out.count == 43)
        out.withUnsafeMutableBytes { $0[42] = UInt8(ascii: "z") }
        #expect(Array(out.bytes.prefix(3)) == Array("abc".utf8) && out.bytes.last == UInt8(ascii: "z"))
    }
}
