// Placeholder until the example apps land.
