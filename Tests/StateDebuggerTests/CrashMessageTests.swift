import StateDebugger
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `replay --verify` quotes of a crashed child's standard error, and how it names signals.
@Suite struct CrashMessageTests {
    @Test func aTrapInTheStandardLibraryIsQuotedWithoutItsLocation() {
        let printed = """
            Swift/ContiguousArrayBuffer.swift:705: Fatal error: Index out of range
            Current stack trace:
            0    libswiftCore.so                    0x00007fa47df5f130 swift_reportError + 33

            """
        #expect(CrashMessage.find(in: printed) == "Fatal error: Index out of range")
    }

    @Test func aTrapInTheAppsCodeKeepsItsLocation() {
        #expect(CrashMessage.find(in: "note: something first\nShop/Cart.swift:30: Precondition failed: no row 3 \n")
                == "Shop/Cart.swift:30: Precondition failed: no row 3")
        #expect(CrashMessage.find(in: "Fatal error: Unexpectedly found nil while unwrapping an Optional value\n")
                == "Fatal error: Unexpectedly found nil while unwrapping an Optional value")
    }

    @Test func aCrashWithoutTheRuntimesLineHasNoMessage() {
        #expect(CrashMessage.find(in: "") == nil)
        #expect(CrashMessage.find(in: "Segmentation fault\n") == nil)
    }

    @Test func signalsAreNamedForThisPlatform() {
        #expect(SignalName.name(of: SIGILL) == "SIGILL")
        #expect(SignalName.name(of: SIGBUS) == "SIGBUS")
        #expect(SignalName.name(of: 63) == "signal 63")
    }
}
