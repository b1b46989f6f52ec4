import NumToolsCore

/// One blob of libphonenumber's prefix data (geocoder, carrier or time zones),
/// decoded from the base64 literal of DEFLATE data that
/// `scripts/gen_phone_prefix_data.py` writes into
/// `Generated/PhonePrefixData.swift` and inflated (its docstring has the
/// layout). Only reads: every offset is checked once, when the blob is
/// decoded, and a broken blob stops the program at that point.
struct PhonePrefixBlob: Sendable {
    /// The decoded bytes.
    let bytes: [UInt8]
    /// Where the string offsets start; string `i` is
    /// `bytes[stringsStart + offset[i] ..< stringsStart + offset[i + 1]]`.
    private let offsetsStart: Int
    private let stringsStart: Int
    private let stringCount: Int
    /// Bytes of a string id.
    private let idWidth: Int
    /// The tables by tag (a language such as `en`; `""` for time zones).
    let tables: [String: Table]
    /// Region codes (`KR`) of the region names, sorted; empty but for the geocoder.
    private let regionCodes: [String: Int]
    /// Per language, where its region name ids start.
    private let regionNameStarts: [String: Int]

    /// A prefix table: for each prefix length, its sorted prefixes and their string ids.
    struct Table: Sendable {
        /// (first prefix offset, count, first id offset) of lengths 1...max.
        let buckets: [(prefixes: Int, count: Int, ids: Int)]
    }

    init(deflatedBase64 literal: StaticString) {
        guard let inflated = Inflate.inflate(Self.decodeBase64(literal), sizeHint: literal.utf8CodeUnitCount * 9 / 4)
        else { preconditionFailure("phone prefix data: not a DEFLATE stream") }
        bytes = inflated
        var reader = Reader(bytes: bytes)
        stringCount = reader.u32()
        offsetsStart = reader.position
        reader.skip(4 * (stringCount + 1))
        stringsStart = reader.position
        reader.skip(Self.u32(bytes, offsetsStart + 4 * stringCount))
        idWidth = reader.u8()
        precondition((2...4).contains(idWidth), "phone prefix data: bad id width")
        var tables: [String: Table] = [:]
        for _ in 0..<reader.u32() {
            let tag = reader.ascii(reader.u8())
            let maxLength = reader.u8()
            let counts = (0..<maxLength).map { _ in reader.u32() }
            var buckets: [(Int, Int, Int)] = []
            for count in counts {
                let prefixes = reader.position
                reader.skip(4 * count)
                buckets.append((prefixes, count, reader.position))
                reader.skip(idWidth * count)
            }
            tables[tag] = Table(buckets: buckets)
        }
        self.tables = tables
        var regionCodes: [String: Int] = [:]
        var starts: [String: Int] = [:]
        if !reader.atEnd {
            let regions = reader.u32()
            for i in 0..<regions { regionCodes[reader.ascii(2)] = i }
            for _ in 0..<reader.u32() {
                let tag = reader.ascii(reader.u8())
                starts[tag] = reader.position
                reader.skip(idWidth * regions)
            }
        }
        precondition(reader.atEnd, "phone prefix data: trailing bytes")
        self.regionCodes = regionCodes
        regionNameStarts = starts
        for i in 0...stringCount {
            precondition(Self.u32(bytes, offsetsStart + 4 * i) <= bytes.count - stringsStart, "bad string offset")
        }
    }

    /// The string id of the longest prefix of `digits` found in one of
    /// `tables`, trying the tables in order for each length (libphonenumber's
    /// `_prefix_description_for_number` with `_find_lang`'s candidates); nil
    /// when none has one.
    func lookup(_ tables: [Table], _ digits: PhoneDigits) -> Int? {
        var length = min(9, digits.count)
        while length > 0 {
            let key = digits.prefixValue(length)
            for table in tables {
                if let id = find(table, key, length: length) { return id }
            }
            length -= 1
        }
        return nil
    }

    /// The string id of prefix `key` of `length` digits in `table`, by bisection.
    func find(_ table: Table, _ key: Int, length: Int) -> Int? {
        guard length >= 1 && length <= table.buckets.count else { return nil }
        let bucket = table.buckets[length - 1]
        var low = 0
        var high = bucket.count
        while low < high {
            let mid = (low + high) / 2
            let p = Self.u32(bytes, bucket.prefixes + 4 * mid)
            if p == key { return id(at: bucket.ids + idWidth * mid) }
            if p < key { low = mid + 1 } else { high = mid }
        }
        return nil
    }

    /// `_region_display_name(region, language)`: 0 (the empty string) when
    /// either is not in the data.
    func regionName(_ region: String, language: String) -> Int {
        guard let r = regionCodes[region], let start = regionNameStarts[language] else { return 0 }
        return id(at: start + idWidth * r)
    }

    /// The languages of the data: its tables' tags and the languages of
    /// its region names.
    var languages: [String] { Array(tables.keys) + Array(regionNameStarts.keys) }

    /// Appends string `id` to `output`.
    func append<Output: ByteOutput & ~Copyable>(_ id: Int, to output: inout Output) {
        precondition(id < stringCount)
        let start = stringsStart + Self.u32(bytes, offsetsStart + 4 * id)
        let end = stringsStart + Self.u32(bytes, offsetsStart + 4 * (id + 1))
        bytes.withUnsafeBufferPointer { output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// String `id` (tests).
    func string(_ id: Int) -> String {
        var out: [UInt8] = []
        append(id, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func id(at offset: Int) -> Int {
        var v = 0
        for k in 0..<idWidth { v |= Int(bytes[offset + k]) << (8 * k) }
        return v
    }

    private static func u32(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }

    /// A sequential reader that stops the program at the end of the bytes.
    private struct Reader {
        let bytes: [UInt8]
        var position = 0
        var atEnd: Bool { position == bytes.count }
        mutating func skip(_ n: Int) {
            precondition(n >= 0 && n <= bytes.count - position, "phone prefix data: truncated")
            position += n
        }
        mutating func u8() -> Int {
            skip(1)
            return Int(bytes[position - 1])
        }
        mutating func u32() -> Int {
            skip(4)
            return PhonePrefixBlob.u32(bytes, position - 4)
        }
        mutating func ascii(_ n: Int) -> String {
            skip(n)
            return String(decoding: bytes[(position - n)..<position], as: UTF8.self)
        }
    }

    /// The bytes of base64 `text`, line breaks skipped.
    static func decodeBase64(_ text: StaticString) -> [UInt8] {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(c)] = UInt8(i)
        }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8CodeUnitCount / 4 * 3)
        var accumulator: UInt32 = 0
        var bits = 0
        text.withUTF8Buffer { buffer in
            for c in buffer {
                if c == 0x0A || c == 0x3D { continue }  // line break, padding
                let v = table[Int(c)]
                precondition(v != 0xFF, "phone prefix data: not base64")
                accumulator = accumulator << 6 | UInt32(v)
                bits += 6
                if bits >= 8 {
                    bits -= 8
                    out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                }
            }
        }
        return out
    }
}

/// The E.164 digits of a number without `+` (country code, then the
/// national significant number), read without building them.
struct PhoneDigits {
    let countryCode: [UInt8]
    let nsn: [UInt8]
    var count: Int { countryCode.count + nsn.count }

    init(countryCode: Int, nsn: [UInt8]) {
        self.countryCode = PhoneNumberParser.digitValues(countryCode)
        self.nsn = nsn
    }

    /// The first `length` digits as a number (`length` at most 9).
    func prefixValue(_ length: Int) -> Int {
        var v = 0
        for i in 0..<min(length, count) {
            v = v * 10 + Int(i < countryCode.count ? countryCode[i] : nsn[i - countryCode.count])
        }
        return v
    }
}

/// The decoded blobs, each made on the first use of its field.
enum PhonePrefixData {
    static let geocoder = PhonePrefixBlob(deflatedBase64: phoneGeocoderBlob)
    static let carrier = PhonePrefixBlob(deflatedBase64: phoneCarrierBlob)
    static let timeZones = PhonePrefixBlob(deflatedBase64: phoneTimeZoneBlob)
}
