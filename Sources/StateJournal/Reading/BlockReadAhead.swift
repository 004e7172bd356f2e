#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

import StateSync

/// Reads a journal file ahead of its reader on a second thread: blocks of whole lines, split and
/// checksummed there, handed over in file order through a small ring of buffers.
///
/// A large file's reading, splitting and checksumming take about half the time of a search that skips
/// most lines; on a second processor they overlap with the search itself. Whatever ends the reading (the
/// end of the file, a read that fails, a line too long) travels as the last block's ``Block/finish``, so
/// the reader meets it after every line before it, as when it reads the file itself.
final class BlockReadAhead {
    /// One block of the ring: its buffer starts with the partial line the last block ended with.
    final class Block {
        // Safe because the block's buffers are allocated here, grown only by the reading thread while it
        // fills the block (the reader holds no block then), and freed once, after that thread has ended.
        var buffer: UnsafeMutableRawBufferPointer
        /// Where each line's line feed is in ``buffer``, and the checksum of its covered bytes.
        var ends: UnsafeMutablePointer<Int>
        var checksums: UnsafeMutablePointer<UInt32>
        var capacity: Int
        var count = 0
        /// The file offset of `buffer[0]`.
        var offset: Int64 = 0
        /// How the reading ended after this block's lines, or `nil` when more follow.
        var finish: Finish?

        init(bytes: Int) {
            // Safe because these buffers are freed once, in `release()`.
            buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes, alignment: 16)
            capacity = 1024
            ends = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
            checksums = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        }

        // Safe because it is called once, after the reading thread has ended and the reader is done.
        func release() {
            buffer.deallocate()
            ends.deallocate()
            checksums.deallocate()
        }
    }

    enum Finish {
        case end(TornLine?)
        case failure(JournalError)
    }

    private let path: String
    private let descriptor: Int32
    private let maxLineBytes: Int
    private let blocks: [Block]
    /// The ring's bookkeeping, which both threads share.
    private struct Ring {
        /// The blocks filled and not yet taken, in file order.
        var ready: [Int] = []
        /// The blocks free to fill.
        var free: [Int]
        /// Whether the reader has asked the reading thread to stop.
        var stopping = false
    }

    private let ring: Locked<Ring>
    // An integer in Glibc and Bionic, a pointer (which may be nil) on Apple platforms and in Musl.
    #if canImport(Glibc) || canImport(Android)
    private var thread = pthread_t()
    #else
    private var thread: pthread_t?
    #endif
    private var stopped = false

    /// Starts reading `descriptor` from its current position on a second thread, `blockBytes` at a time
    /// into a ring of `ringCount` blocks.
    init(path: String, descriptor: Int32, maxLineBytes: Int, blockBytes: Int, ringCount: Int = 4) {
        self.path = path
        self.descriptor = descriptor
        self.maxLineBytes = maxLineBytes
        blocks = (0..<ringCount).map { _ in Block(bytes: max(blockBytes, 4096)) }
        ring = Locked(Ring(free: Array(0..<ringCount)))
        // Safe because the thread holds one retain of `self`, taken here and given back when it ends.
        let context = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(&thread, nil, { context in
            // Safe because `context` is the retained `self` passed below, released exactly once here.
            let readAhead = Unmanaged<BlockReadAhead>.fromOpaque(context!).takeRetainedValue()
            readAhead.fill()
            return nil
        }, context)
        if started != 0 {
            // No second thread: the one block the reader will take says so.
            Unmanaged<BlockReadAhead>.fromOpaque(context).release()
            blocks[0].finish = .failure(JournalError(.system(.startReadingThread, errno: started), path: path))
            ring.withLock { $0 = Ring(ready: [0], free: []) }
            stopped = true
        }
    }

    /// The next block in file order, waiting for the reading thread to fill it; give it back with
    /// ``recycle(_:)`` before taking the next one.
    func take() -> Block {
        let index = ring.withLock(when: { !$0.ready.isEmpty }) { $0.ready.removeFirst() }
        return blocks[index]
    }

    /// Gives back a block taken, for the reading thread to fill again.
    func recycle(_ block: Block) {
        guard let index = blocks.firstIndex(where: { $0 === block }) else { return }
        ring.withLock { $0.free.append(index) }
        ring.wakeWaiters()
    }

    /// Stops the reading thread, waits for it to end and frees the blocks; the reader must hold no block
    /// after this. Called once.
    func stop() {
        ring.withLock { $0.stopping = true }
        ring.wakeWaiters()
        if !stopped {
            #if canImport(Glibc) || canImport(Android)
            pthread_join(thread, nil)
            #else
            if let thread { pthread_join(thread, nil) }
            #endif
            stopped = true
        }
        for block in blocks { block.release() }
    }

    /// The reading thread: fills free blocks in file order until the reading ends or the reader stops it.
    private func fill() {
        var offset: Int64 = 0
        var lineCount = 0
        var carry = [UInt8]()
        while true {
            let taken: Int? = ring.withLock(when: { !$0.free.isEmpty || $0.stopping }) { ring in
                ring.stopping ? nil : ring.free.removeFirst()
            }
            guard let index = taken else { return }
            let block = blocks[index]
            fill(block, offset: &offset, lineCount: &lineCount, carry: &carry)
            let finished = block.finish != nil
            ring.withLock { $0.ready.append(index) }
            ring.wakeWaiters()
            if finished { return }
        }
    }

    // Safe because reads and splits stay inside `block.buffer[0..<filled]`, the carry is copied within the
    // counts of both buffers, and the line tables are written below their capacity (grown first).
    /// Fills one block: the carried partial line, then reads until it holds at least one whole line (or
    /// the reading ends), then the table of its whole lines; what follows the last is carried over.
    private func fill(_ block: Block, offset: inout Int64, lineCount: inout Int, carry: inout [UInt8]) {
        block.count = 0
        block.finish = nil
        block.offset = offset
        var filled = 0
        if !carry.isEmpty {
            while block.buffer.count < carry.count { grow(block) }
            carry.withUnsafeBytes { block.buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            filled = carry.count
        }
        var atEnd = false
        while true {
            if filled < block.buffer.count {
                var count: Int
                repeat {
                    count = read(descriptor, block.buffer.baseAddress! + filled, block.buffer.count - filled)
                } while count < 0 && errno == EINTR
                if count < 0 {
                    block.finish = .failure(JournalError(.system(.read, errno: errno), path: path))
                    return
                }
                if count == 0 { atEnd = true } else { filled += count }
            }
            var start = 0
            while start < filled {
                if block.count == block.capacity { growTable(block) }
                let region = UnsafeRawBufferPointer(start: block.buffer.baseAddress! + start, count: filled - start)
                let found = LineChecksum.splitLines(region, capacity: block.capacity - block.count,
                                                    ends: block.ends + block.count, checksums: block.checksums + block.count)
                if found == 0 { break }
                for line in block.count..<(block.count + found) { block.ends[line] += start }
                block.count += found
                start = block.ends[block.count - 1] + 1
            }
            lineCount += block.count
            let rest = filled - start
            if atEnd {
                let torn = rest > 0 ? TornLine(line: lineCount + 1, offset: offset + Int64(start), length: rest) : nil
                block.finish = .end(torn)
                carry = []
                return
            }
            if block.count > 0 {
                carry = [UInt8](UnsafeRawBufferPointer(start: block.buffer.baseAddress! + start, count: rest))
                offset += Int64(start)
                return
            }
            // Not one whole line yet: the line is longer than the block, which grows for it.
            if filled == block.buffer.count {
                guard block.buffer.count <= maxLineBytes else {
                    block.finish = .failure(JournalError(.lineTooLong(limit: maxLineBytes), path: path, line: lineCount + 1))
                    return
                }
                grow(block)
            }
        }
    }

    // Safe because the new buffer receives the old one's bytes within the old count, and the old one is freed once.
    private func grow(_ block: Block) {
        let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: block.buffer.count * 2, alignment: 16)
        larger.copyMemory(from: UnsafeRawBufferPointer(block.buffer))
        block.buffer.deallocate()
        block.buffer = larger
    }

    // Safe because the new tables receive the old ones' entries within the old capacity, and the old ones are freed once.
    private func growTable(_ block: Block) {
        let capacity = block.capacity * 2
        let ends = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
        let checksums = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        ends.update(from: block.ends, count: block.count)
        checksums.update(from: block.checksums, count: block.count)
        block.ends.deallocate()
        block.checksums.deallocate()
        block.ends = ends
        block.checksums = checksums
        block.capacity = capacity
    }
}
