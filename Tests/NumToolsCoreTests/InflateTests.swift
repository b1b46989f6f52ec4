import Foundation
import Testing

@testable import NumToolsPhonePrefixes

/// The DEFLATE decoder of the phone prefix blobs, against streams zlib
/// wrote (scripts/gen_phone_prefix_data.py's compressor, level 9, raw), one
/// of each block type, and against streams zlib rejects or does not end.
@Suite struct InflateTests {
    static func bytes(_ base64: String) -> [UInt8] {
        [UInt8](Data(base64Encoded: base64.filter { !$0.isWhitespace })!)
    }

    /// What the dynamic-block stream holds: 400 numbered lines of Korean city names.
    static let cities: [UInt8] = {
        let text = Array("Seoul, Busan, Daegu, Incheon, Gwangju, Daejeon, Ulsan; ".utf8)
        var out: [UInt8] = []
        for i in 0..<400 { out += Array("\(i):".utf8) + text[(i % 40)...] + [0x0A] }
        return out
    }()

    @Test(arguments: [
        // zlib level 0: one stored block.
        ("ARIA7f9oZWxsbywgcHJlZml4IGRhdGE=", Array("hello, prefix data".utf8)),
        // Z_FIXED: the fixed codes, with matches.
        ("S0xKTkRCCoZGxiamYEIhODW/NAeZBAA=", Array("abcabcabcabcabc 1234512345 Seoul Seoul Seoul".utf8)),
        // A literal, then a match overlapping its own output (length 3, distance 1).
        ("SwQCAA==", Array("aaaa".utf8)),
    ])
    func inflatesWhatZlibWrote(_ stream: String, _ expected: [UInt8]) {
        #expect(Inflate.inflate(Self.bytes(stream)) == expected)
    }

    /// A dynamic block (zlib chose it for 16 KB of text): its code length
    /// codes, repeats and both codes.
    @Test func inflatesADynamicBlock() {
        let stream = Self.bytes(
            """
            pdu9ipxHEIXh3FexF7BB1zn978wIjGOjC1jEIiPEKjCLb1+LUvdPnZpwuqujYeZl+vkmzb9ff7x/f3764/3fl7fnp08vr1/fn5/+
            evvyz+uPj9d//vfy9vXb+6+Nb79WPn//GPz96TebwYOYsXOcoWN5Rk6VGThUp36mTflIn+qJMdU3N03xgE1tHlMa51Sm8xSGy/TP
            1ukebdM7+fF++gbH9H3A0nSN2fRMYTqGOO8zeV5HyrxN1HkZaPO83+dxe8zTN1Cah02b+z3M7RbnbifPzUaZ6/U6l8ttrlb7XCyO
            +f/vzxRORA43IkcjkaOViGUihzqRI6HIgVJkPRVZbkVRW1HEVhStFUVqRVFaUYRWFH8rirsVxduK4mxF9bWiulpRPa2ojlbUeyvq
            tRX11op6aUU9t6IeW9FOrWiHVrR9K9q2FW3XirZpRVu3oi1b0VataItW9HgrergVPdqKHmxFj7Wih1rRI63okV8Veiu63IqhtmKI
            rRhaK4bUiqG0YgitGP5WDHcrhrcVw9kKS75YWHLVwpInF5YcvbB0D4alazEs3ZJh6dIMS+doWDpWw+yUDbNDN8z24TDblsNslw6z
            TTvM1vEwW9bDbJUPs0U/DPGAGMIFMUQTYgg2xBCLiCFUEUMkI4ZARwx6SAz6DRXlKyqqd1RUL6m0WypK11RU7qkoXFTRf1NF91UV
            vU3JzqZkX1OyqynZ05TsaEq+NyVfm5JvTcmXpuRzU8qxKeXUlHJoStk3pWybUnZNKZumlHVTyrIpZdWU+kBTarwpNdyUGm1KDTal
            xppSQ02pkabUQFOq3pQmN6WpTWliU5rWlCY1pSlNaQp++JvS3E1p3qZ0Z1O6rynd1ZTuaUp3NKXfm9KvTem3pvRLU/q5KePYlHFq
            yjg0ZeybMrZNGbumjE1TxropY9mUsWgKUrwpSHE5T9GmIAWbghRrClKoKUiRpiAFmoKkNwVJbgpkSodq6RAxHZqmQ+J0KJ4OAdTh
            F3W4SR1uU/eiulfVXazucnUPrDtk/U7rV1u/4fpZ13HkdZx8HQdgx17YsSV27IwdG2THWtmxZHasnB0PQDvi0o4wtSNq7QhiO2La
            jhC3I+LtCIA7dHGHTO5QzR0iukNTd0jsDsXdIcA7/PION73Da+9w4jt8+g4Xv8Pj73AAPKrjaa1rU24GjwvC46zwODI8Tg6PA8Rj
            L/HYUjx2Fo8NxmOt8VhyPFYejwdAHnGRR5jkETV5BFEeMZVHiOURcXkEYB66zEOmeag2DxHnoek8JJ6H4vMQgB5+oYeb6OE1ejqN
            nj6jp8vo6TF6Ooyed6Pn1eh5M3pejJ5no6edHwM+PQd8MHrujZ5bo+fO6Lkxeq6Nnkuj58ro+YDRM270DBs9o0bPoNEzZvQMGT0j
            Rs+A0VM3espGT9XoKRo9NaOnZPRUjJ6C0dNv9HQbPb1GT6fR02f0dBk9PUZPh9HzbvS8Gj1vRs+L0fNs9DwaPU9Gz4PRc2/0LPu/
            l+yasjF6ro2eS6Pnyuj5gNEzbvQMGz2jRs+g0TNm9AwZPSNGz4DRUzd6ykZP1egpGj01o6dk9FSMnoLR02/0dBs9vUZPp9HTZ/R0
            GT09Rk+H0fNu9LwaPW9Gz4vR82z0PBo9T0bPg9Fzb/TcGj13Rs+N0XNt9Bzrvy0umvIT
            """)
        #expect(stream.count == 1251)
        #expect(Inflate.inflate(stream) == Self.cities)
        // Cut anywhere, it is no stream.
        for cut in [0, 1, 2, 10, stream.count / 2, stream.count - 1] {
            #expect(Inflate.inflate(Array(stream[..<cut])) == nil, "cut at \(cut)")
        }
    }

    @Test(
        arguments: [
            ([0x07], "block type 3"),
            ([0x03, 0x02, 0x00], "a match before any output (distance too far back)"),
            ([0x01, 0x05, 0x00, 0x00, 0x00] + Array("hello".utf8), "stored: NLEN not LEN's complement"),
            ([0x01, 0x05, 0x00, 0xFA, 0xFF] + Array("hel".utf8), "stored: fewer bytes than LEN"),
            ([0x00, 0x00, 0x00, 0xFF, 0xFF], "an empty stored block not marked final, then nothing"),
        ] as [([UInt8], String)])
    func rejectsWhatZlibRejects(_ stream: [UInt8], _ what: String) {
        #expect(Inflate.inflate(stream) == nil, "\(what)")
    }
}
