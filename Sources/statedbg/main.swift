import Foundation
import StatedbgCLI

// The example apps join this list once the ExampleApps module exports `ExampleApps.all`.
exit(Statedbg.main(apps: []).rawValue)
