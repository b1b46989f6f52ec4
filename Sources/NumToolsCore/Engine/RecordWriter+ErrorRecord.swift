// RecordWriter's error records in bytes: the in-place block, the prefix and the escaped ORIGINAL.

extension RecordWriter {
    /// The longest ORIGINAL that ``appendErrorRecord(record:field:_:_:_:_:_:escapesNUL:into:)``
    /// escapes in place (longer ones through ``UTF8Bytes/appendEscaped(_:_:_:escapingNUL:into:)``,
    /// whose reservation would otherwise be four times the record).
    static var inPlaceOriginal: Int { 256 }

    /// The error record of `[start, end)`: `error <TAB> RECORD <TAB> FIELD
    /// <TAB> CODE <TAB> MESSAGE <TAB> ORIGINAL` and the terminator. The
    /// common case (a message from a template without a name, an ORIGINAL
    /// of at most ``inPlaceOriginal`` bytes) is written in one in-place
    /// block; anything else as ``appendErrorPrefix(record:field:_:escapesNUL:into:)``,
    /// ``UTF8Bytes/appendEscaped(_:_:_:escapingNUL:into:)`` and the
    /// terminator. The bytes are the same either way (a test compares them).
    static func appendErrorRecord<O: ByteOutput & ~Copyable>(
        record recordNumber: Int, field: Int, _ error: ValueError, _ p: UnsafePointer<UInt8>, _ start: Int,
        _ end: Int, _ terminator: Terminator, escapesNUL: Bool, into out: inout O
    ) {
        let count = end &- start
        guard let messageBound = error.text.inPlaceBound, count <= inPlaceOriginal else {
            appendErrorPrefix(record: recordNumber, field: field, error, escapesNUL: escapesNUL, into: &out)
            UTF8Bytes.appendEscaped(p, start, end, escapingNUL: escapesNUL, into: &out)
            append(terminator, to: &out)
            return
        }
        var code = error.code.name
        code.withUTF8 { name in
            let bound = inPlaceBound(name: name.count, message: messageBound, original: count)
            out.appendWithUnsafeMutableBytes(maximumCount: bound) { buffer in
                writeErrorRecord(
                    record: recordNumber, field: field, error, p, start, end, terminator, escapesNUL: escapesNUL,
                    name: name, to: buffer.baseAddress!)
            }
        }
    }

    /// The most bytes ``writeErrorRecord(record:field:_:_:_:_:_:escapesNUL:name:to:)``
    /// writes: `error` TAB and two numbers with their TABs (48, as in
    /// `appendErrorPrefix`), the code (`name` bytes) and a TAB, the message
    /// (`message`, its ``ErrorText/inPlaceBound``) and a TAB, the ORIGINAL
    /// of `original` bytes (each byte at most four, `\xHH`; eight-byte
    /// stores only of eight bytes written as they are) and the terminator
    /// (two bytes at most). It may store up to ``InPlaceWrite/slack`` bytes past them.
    @inline(__always)
    static func inPlaceBound(name: Int, message: Int, original: Int) -> Int {
        48 &+ name &+ 1 &+ message &+ 1 &+ 4 &* original &+ 2
    }

    /// Writes at `q` the error record of ``appendErrorRecord(record:field:_:_:_:_:_:escapesNUL:into:)``'s
    /// in-place case (its code's name is `name`) and returns how many
    /// bytes that is, at most ``inPlaceBound(name:message:original:)``,
    /// which the caller has at `q` with ``InPlaceWrite/slack`` bytes more.
    @inline(__always)
    static func writeErrorRecord(
        record recordNumber: Int, field: Int, _ error: ValueError, _ p: UnsafePointer<UInt8>, _ start: Int,
        _ end: Int, _ terminator: Terminator, escapesNUL: Bool, name: UnsafeBufferPointer<UInt8>,
        to q: UnsafeMutablePointer<UInt8>
    ) -> Int {
        // "error" TAB, little-endian.
        UnsafeMutableRawPointer(q).storeBytes(of: 0x0972_6f72_7265, as: UInt64.self)
        var o = q + 6
        o += ErrorText.writeDecimal(recordNumber, to: o)
        o.pointee = 0x09
        o += 1
        o += ErrorText.writeDecimal(field, to: o)
        o.pointee = 0x09
        o += 1
        // (A code is a few words: eight bytes a move, then bytes, no call.)
        if let base = name.baseAddress {
            var k = 0
            while name.count &- k >= 8 {
                UnsafeMutableRawPointer(o + k).storeBytes(
                    of: UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self), as: UInt64.self)
                k &+= 8
            }
            while k < name.count {
                o[k] = base[k]
                k &+= 1
            }
        }
        o += name.count
        o.pointee = 0x09
        o += 1
        o += error.text.writeInPlace(escapingNUL: escapesNUL, to: o)
        o.pointee = 0x09
        o += 1
        o += escapeShort(p, start, end, escapingNUL: escapesNUL, to: o)
        switch terminator {
        case .none: break
        case .byte(let b):
            o.pointee = b
            o += 1
        case .crlf:
            o[0] = 0x0D
            o[1] = 0x0A
            o += 2
        }
        return o - q
    }

    /// Writes `p[start..<end]` at `o` escaped as ``UTF8Bytes/appendEscaped(_:_:_:escapingNUL:into:)``
    /// appends it (the same bytes) and returns how many: at most four a
    /// byte (`\xHH`); eight bytes that need no escape are moved in one store.
    @inline(__always)
    static func escapeShort(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, escapingNUL: Bool, to q: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var o = q
        var i = start
        while i < end {
            if end &- i >= 8 {
                let word = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                if !UTF8Bytes.mayNeedEscape(word) {
                    UnsafeMutableRawPointer(o).storeBytes(of: word, as: UInt64.self)
                    o += 8
                    i &+= 8
                    continue
                }
            }
            let b = p[i]
            if b < 0x80 {
                o += ErrorText.escapeASCII(b, escapingNUL: escapingNUL, to: o)
                i &+= 1
                continue
            }
            let n = UTF8Bytes.sequenceLength(p, i, end)
            if n == 0 {
                o[0] = UInt8(ascii: "\\")
                o[1] = UInt8(ascii: "x")
                ErrorText.writeHex(b, to: o + 2)
                o += 4
                i &+= 1
            } else {
                for k in 0..<n { o[k] = p[i &+ k] }
                o += n
                i &+= n
            }
        }
        return o - q
    }

    /// `error <TAB> RECORD <TAB> FIELD <TAB> CODE <TAB> MESSAGE <TAB>` (ORIGINAL follows).
    static func appendErrorPrefix<O: ByteOutput & ~Copyable>(
        record recordNumber: Int, field: Int, _ error: ValueError, escapesNUL: Bool, into out: inout O
    ) {
        // In bytes, straight into the output: no String an error record.
        // Bound: `error` TAB (6 bytes, stored as one 8-byte word), two
        // numbers of at most 20 bytes (`writeDecimal`) and two TABs: 48.
        out.appendWithUnsafeMutableBytes(maximumCount: 48) { buffer in
            let q = buffer.baseAddress!
            UnsafeMutableRawPointer(q).storeBytes(of: 0x0972_6f72_7265, as: UInt64.self)  // "error\t", little-endian
            var at = 6
            at &+= ErrorText.writeDecimal(recordNumber, to: q + at)
            q[at] = 0x09
            at &+= 1
            at &+= ErrorText.writeDecimal(field, to: q + at)
            q[at] = 0x09
            return at &+ 1
        }
        var code = error.code.name
        code.withUTF8 { out.append(contentsOf: $0) }
        out.append(0x09)
        error.text.write(escapingNUL: escapesNUL, into: &out)
        out.append(0x09)
    }
}
