import ExampleApps
import Foundation
import StatedbgCLI

exit(Statedbg.main(apps: Examples.all))
