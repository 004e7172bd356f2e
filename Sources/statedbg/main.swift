print("statedbg: not built yet")
