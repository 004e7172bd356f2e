import StateJSON
import Testing

@Suite struct StringSentenceTests {
    @Test func dropsOneFinalPeriodSoAnEmbeddedSentenceEndsOnce() {
        #expect(#"required key "from" is missing."#.withoutFinalPeriod == #"required key "from" is missing"#)
        #expect("no period".withoutFinalPeriod == "no period")
        #expect("trailing space. ".withoutFinalPeriod == "trailing space")
        #expect("an ellipsis...".withoutFinalPeriod == "an ellipsis..")
        #expect("".withoutFinalPeriod == "")
    }
}
