import IntentModel
import Testing

@Suite("Href bytes")
struct HrefBytesTests {
    @Test("The URL-safe bytes are ASCII letters, digits and -_.+!*(),%#@?=;:/$~, and no other of the 256")
    func safeBytesAreLibcmarkGFMs() {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.+!*(),%#@?=;:/$~".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(HrefBytes.isSafe(byte) == safe.contains(byte), "byte \(byte)")
        }
        #expect(HrefBytes.hexDigit(9) == UInt8(ascii: "9") && HrefBytes.hexDigit(10) == UInt8(ascii: "A"))
    }
}
