/// The quoted key text of one object per depth, for ``JSONTextWriter`` to copy when the next object
/// at that depth has the very same keys array (the encoder and the parser share one array among
/// objects with the same keys).
///
/// A keys array is recognized by the address of its storage, which is only sound while every array
/// seen stays alive: the slots belong to one writer, which writes one value it does not change.
/// Storage for the text is allocated the first time an array is seen twice, so small values, which
/// never repeat one, pay nothing for it.
struct JSONKeyTextSlots: ~Copyable {
    /// Depths below this have a slot; one per depth, so an object and the objects nested in it
    /// never share one.
    static let count = 8
    /// The most keys, and bytes of key text, one slot holds.
    static let keysPerSlot = 32
    static let bytesPerSlot = 512

    // Safe because storage, once allocated, holds count slots of slotStride bytes and is freed once by its owner; slot
    // indices are below count.
    private var identities: (UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var captured: UInt8 = 0
    /// Per slot, ``bytesPerSlot`` bytes of text and then `keysPerSlot + 1` end offsets.
    private var storage: UnsafeMutableRawPointer?

    private static let endsOffset = bytesPerSlot
    private static let slotStride = bytesPerSlot + (keysPerSlot + 1) * MemoryLayout<UInt16>.stride

    init() {}

    deinit { storage?.deallocate() }

    // Safe because slot is below count (8), so the load stays inside the tuple.
    /// The storage address of the keys array last seen at `slot`, or 0.
    func identity(_ slot: Int) -> UInt {
        withUnsafeBytes(of: identities) { $0.load(fromByteOffset: slot * MemoryLayout<UInt>.stride, as: UInt.self) }
    }

    // Safe because slot is below count (8), so the store stays inside the tuple.
    /// Records the keys array now at `slot`; its text is not captured yet.
    mutating func setIdentity(_ identity: UInt, _ slot: Int) {
        withUnsafeMutableBytes(of: &identities) {
            $0.storeBytes(of: identity, toByteOffset: slot * MemoryLayout<UInt>.stride, as: UInt.self)
        }
        captured &= ~(1 << UInt8(slot))
    }

    func isCaptured(_ slot: Int) -> Bool {
        captured & (1 << UInt8(slot)) != 0
    }

    // Safe because the storage is allocated once for every slot and bound to bytes, and its ends are written as UInt16
    // at aligned offsets.
    /// Starts capturing the text of the keys at `slot`, one ``capture(_:_:_:)`` per key in order.
    mutating func prepareCapture(_ slot: Int) {
        if storage == nil {
            let byteCount = JSONKeyTextSlots.count * JSONKeyTextSlots.slotStride
            let memory = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: MemoryLayout<UInt16>.alignment)
            memory.bindMemory(to: UInt8.self, capacity: byteCount)
            storage = memory
        }
        setEnd(0, slot, 0)
    }

    // Safe because a copy happens only when it fits in the slot's bytesPerSlot (checked below).
    /// Appends the text of the key at `position`; `false` when the slot is full.
    mutating func capture(_ text: UnsafeBufferPointer<UInt8>, _ slot: Int, _ position: Int) -> Bool {
        guard let storage, let source = text.baseAddress else { return false }
        let start = end(slot, position)
        guard position < JSONKeyTextSlots.keysPerSlot, start + text.count <= JSONKeyTextSlots.bytesPerSlot else {
            return false
        }
        (storage + slot * JSONKeyTextSlots.slotStride + start).copyMemory(from: source, byteCount: text.count)
        setEnd(start + text.count, slot, position + 1)
        return true
    }

    /// Marks the text captured at `slot` complete.
    mutating func finishCapture(_ slot: Int) {
        captured |= 1 << UInt8(slot)
    }

    // Safe because only captured slots are asked for, so storage exists, and the pointers stay inside the slot.
    /// A captured slot's text and the end offsets of its keys: key `position` is the bytes from
    /// `ends[position]` to `ends[position + 1]`. Only for a slot ``isCaptured(_:)`` says is
    /// captured. At least 8 bytes past each key are readable (the rest of the slot), so a reader may
    /// copy whole words.
    func captured(_ slot: Int) -> (text: UnsafePointer<UInt8>, ends: UnsafePointer<UInt16>) {
        let text = storage.unsafelyUnwrapped + slot * JSONKeyTextSlots.slotStride
        let ends = text + JSONKeyTextSlots.endsOffset
        return (UnsafePointer(text.assumingMemoryBound(to: UInt8.self)),
                UnsafePointer(ends.assumingMemoryBound(to: UInt16.self)))
    }

    private func end(_ slot: Int, _ position: Int) -> Int {
        guard let storage else { return 0 }
        let offset = slot * JSONKeyTextSlots.slotStride + JSONKeyTextSlots.endsOffset + position * 2
        return Int(storage.load(fromByteOffset: offset, as: UInt16.self))
    }

    private func setEnd(_ end: Int, _ slot: Int, _ position: Int) {
        guard let storage else { return }
        let offset = slot * JSONKeyTextSlots.slotStride + JSONKeyTextSlots.endsOffset + position * 2
        storage.storeBytes(of: UInt16(end), toByteOffset: offset, as: UInt16.self)
    }
}
