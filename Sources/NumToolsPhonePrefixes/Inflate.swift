/// A DEFLATE decoder (RFC 1951: stored, fixed and dynamic Huffman blocks;
/// raw, no zlib or gzip wrapper), for the prefix blobs that
/// `scripts/gen_phone_prefix_data.py` compresses (the geocoder's 3.8 MB
/// are 1.4 MB so). No library of the system is asked: the package links
/// none (issue 46).
///
/// Every read is bounds-checked (arrays, no pointers): a malformed stream
/// gives nil, never a read past the input, and decoding stops once the
/// input has been read past its end by more than the last symbol's bits,
/// so time is linear in the input and the output.
enum Inflate {
    /// The bytes `input` inflates to, or nil when it is not a complete
    /// DEFLATE stream.
    static func inflate(_ input: [UInt8], sizeHint: Int = 0) -> [UInt8]? {
        var reader = BitReader(input: input)
        var output: [UInt8] = []
        output.reserveCapacity(sizeHint)
        var last = false
        while !last {
            guard let final = reader.bits(1), let type = reader.bits(2) else { return nil }
            last = final == 1
            switch type {
            case 0:
                guard reader.stored(into: &output) else { return nil }
            case 1:
                guard reader.codes(Huffman.fixedLengths, Huffman.fixedDistances, into: &output) else { return nil }
            case 2:
                guard let (lengths, distances) = reader.dynamicTables(),
                    reader.codes(lengths, distances, into: &output)
                else { return nil }
            default:
                return nil
            }
        }
        return reader.overran ? nil : output
    }

    /// Length symbols 257...285: base lengths and extra bits.
    static let lengthBase: [Int] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    static let lengthExtra: [Int] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    /// Distance symbols 0...29: base distances and extra bits.
    static let distanceBase: [Int] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtra: [Int] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    /// The order the code length code's lengths come in.
    static let lengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
}

/// A canonical Huffman code as one lookup table over the next 15 bits of
/// the input (least significant bit first, as DEFLATE packs codes): each
/// entry is `symbol << 4 | code length`, 0 where no code matches.
struct Huffman {
    static let maxBits = 15
    let table: [UInt16]

    /// The code of `lengths` (one per symbol, 0 for a symbol not used), or
    /// nil when the lengths over-subscribe the code space. An incomplete
    /// code is accepted, as zlib does (a block with one distance code).
    init?(_ lengths: ArraySlice<UInt8>) {
        var counts = [Int](repeating: 0, count: Self.maxBits + 1)
        for length in lengths {
            guard length <= Self.maxBits else { return nil }
            counts[Int(length)] += 1
        }
        counts[0] = 0
        var left = 1
        for bits in 1...Self.maxBits {
            left = left << 1 - counts[bits]
            if left < 0 { return nil }
        }
        var next = [Int](repeating: 0, count: Self.maxBits + 1)
        var code = 0
        for bits in 1...Self.maxBits {
            code = (code + counts[bits - 1]) << 1
            next[bits] = code
        }
        var table = [UInt16](repeating: 0, count: 1 << Self.maxBits)
        for (symbol, length) in zip(0..., lengths) where length > 0 {
            let bits = Int(length)
            var reversed = 0
            var c = next[bits]
            next[bits] += 1
            for _ in 0..<bits {
                reversed = reversed << 1 | c & 1
                c >>= 1
            }
            let entry = UInt16(symbol << 4 | bits)
            var i = reversed
            while i < table.count {
                table[i] = entry
                i += 1 << bits
            }
        }
        self.table = table
    }

    /// The fixed codes of block type 1.
    static let fixedLengths = Huffman(
        ArraySlice(
            [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112)
                + [UInt8](repeating: 7, count: 24) + [UInt8](repeating: 8, count: 8)))!
    static let fixedDistances = Huffman(ArraySlice([UInt8](repeating: 5, count: 30)))!
}

/// DEFLATE's bit stream over an array, least significant bit first.
struct BitReader {
    let input: [UInt8]
    private var position = 0
    private var buffer: UInt64 = 0
    private var count = 0
    /// Zero bytes fed past the end of the input.
    private var padding = 0

    init(input: [UInt8]) { self.input = input }

    /// Whether a symbol or a field read bits past the end of the input.
    var overran: Bool { padding * 8 > count }

    /// Fills the buffer to at least 57 bits; past the input's end with
    /// zeros, at most 16 bytes of them (then reads fail: the stream is cut).
    private mutating func refill() -> Bool {
        while count <= 56 {
            if position < input.count {
                buffer |= UInt64(input[position]) << count
                position += 1
            } else {
                padding += 1
                if padding > 16 { return false }
            }
            count += 8
        }
        return true
    }

    /// The next `n` bits (n ≤ 32), or nil past the end.
    mutating func bits(_ n: Int) -> Int? {
        if count < n { guard refill() else { return nil } }
        let value = Int(buffer & (1 << UInt64(n) - 1))
        buffer >>= UInt64(n)
        count -= n
        return overran ? nil : value
    }

    /// The next symbol of `code`, or nil.
    mutating func symbol(_ code: Huffman) -> Int? {
        if count < Huffman.maxBits { guard refill() else { return nil } }
        let entry = Int(code.table[Int(buffer & (1 << UInt64(Huffman.maxBits) - 1))])
        let length = entry & 15
        guard length > 0 else { return nil }
        buffer >>= UInt64(length)
        count -= length
        return overran ? nil : entry >> 4
    }

    /// A stored block: byte-aligned LEN, NLEN, then LEN bytes.
    mutating func stored(into output: inout [UInt8]) -> Bool {
        _ = bits(count % 8)
        guard let length = bits(16), let check = bits(16), length == ~check & 0xFFFF else { return false }
        for _ in 0..<length {
            guard let byte = bits(8) else { return false }
            output.append(UInt8(byte))
        }
        return true
    }

    /// A dynamic block's two codes, read from its header.
    mutating func dynamicTables() -> (Huffman, Huffman)? {
        guard let nlen = bits(5).map({ $0 + 257 }), let ndist = bits(5).map({ $0 + 1 }),
            let ncode = bits(4).map({ $0 + 4 }), nlen <= 286, ndist <= 30
        else { return nil }
        var codeLengths = [UInt8](repeating: 0, count: 19)
        for k in 0..<ncode {
            guard let length = bits(3) else { return nil }
            codeLengths[Inflate.lengthOrder[k]] = UInt8(length)
        }
        guard let lengthCode = Huffman(codeLengths[...]) else { return nil }
        var lengths: [UInt8] = []
        lengths.reserveCapacity(nlen + ndist)
        while lengths.count < nlen + ndist {
            guard let symbol = symbol(lengthCode) else { return nil }
            var repeated: UInt8 = 0
            var times = 0
            switch symbol {
            case 0...15:
                lengths.append(UInt8(symbol))
                continue
            case 16:
                guard let previous = lengths.last, let extra = bits(2) else { return nil }
                (repeated, times) = (previous, 3 + extra)
            case 17:
                guard let extra = bits(3) else { return nil }
                times = 3 + extra
            default:
                guard let extra = bits(7) else { return nil }
                times = 11 + extra
            }
            guard lengths.count + times <= nlen + ndist else { return nil }
            lengths += repeatElement(repeated, count: times)
        }
        guard lengths[256] > 0, let literals = Huffman(lengths[..<nlen]), let distances = Huffman(lengths[nlen...])
        else { return nil }
        return (literals, distances)
    }

    /// A Huffman block's symbols, up to its end-of-block symbol.
    mutating func codes(_ literals: Huffman, _ distances: Huffman, into output: inout [UInt8]) -> Bool {
        while true {
            guard let symbol = symbol(literals) else { return false }
            if symbol < 256 {
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return true }
            let k = symbol - 257
            guard k < Inflate.lengthBase.count, let extra = bits(Inflate.lengthExtra[k]),
                let d = self.symbol(distances), d < Inflate.distanceBase.count,
                let far = bits(Inflate.distanceExtra[d])
            else { return false }
            let length = Inflate.lengthBase[k] + extra
            let distance = Inflate.distanceBase[d] + far
            guard distance <= output.count else { return false }
            var from = output.count - distance
            for _ in 0..<length {
                output.append(output[from])
                from += 1
            }
        }
    }
}
