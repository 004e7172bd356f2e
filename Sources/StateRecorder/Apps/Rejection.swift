import StateStore

/// A validator's refusal of the state an action would make: StateStore's `Rejection`, named here so that
/// an app that imports only StateRecorder can write the `validate:` of its ``AppDefinition``.
///
/// ```swift
/// validate: { _, new, _ in new.balance < 0 ? Rejection(validator: "noDebt", reason: "the balance would be \(new.balance)") : nil }
/// ```
public typealias Rejection = StateStore.Rejection
