import Testing

@testable import NumToolsCore

/// The delimiter-in-value check's searches (``Delimiter/occurs(_:_:_:_:)``
/// and ``Delimiter/next(_:_:_:_:)``) against a byte-by-byte search, on every
/// range of buffers around the eight-byte loads' edges, with the byte
/// sought placed before, inside and after the range (outside it must not count).
@Suite struct DelimiterSearchTests {
    @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 17, 24, 40])
    func searchesAgreeWithAByteLoop(_ length: Int) {
        let byte = UInt8(ascii: ",")
        // Every place of one delimiter (or none) in a buffer of digits with
        // eight bytes before and after the range.
        for place in -1..<(length + 16) {
            var buffer = [UInt8](repeating: UInt8(ascii: "7"), count: length + 16)
            if place >= 0 { buffer[place] = byte }
            buffer.withUnsafeBufferPointer { b in
                let p = b.baseAddress!
                for (i, end) in [(8, 8 + length), (0, length), (8, length + 16)] where i <= end {
                    let naive = (i..<end).first { p[$0] == byte }
                    #expect(Delimiter.occurs(byte, p, i, end) == (naive != nil), "\(length) \(place) \(i)..<\(end)")
                    #expect(Delimiter.next(byte, p, i, end) == (naive ?? end), "\(length) \(place) \(i)..<\(end)")
                }
            }
        }
    }
}
