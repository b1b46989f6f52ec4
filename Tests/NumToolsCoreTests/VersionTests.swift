import Testing
@testable import NumToolsCore

@Test func versionIsSemantic() {
    #expect(NumTools.version.split(separator: ".").count == 3)
}
