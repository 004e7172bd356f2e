print("statedbg-bench: not built yet")
