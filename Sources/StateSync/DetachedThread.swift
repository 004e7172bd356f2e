import CStateSync

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif canImport(Darwin)
import Darwin
#endif

/// How statedbg starts a thread of its own (the journal writer, the live server): with the stack it
/// asks for and the creating thread's quality of service, the same on every platform.
///
/// ```swift
/// try DetachedThread.start(name: "statedbg journal writer", stackBytes: 8 << 20) {
///     writer.run()
/// }
/// ```
///
/// A secondary thread's stack is 512 KiB on Apple platforms unless asked for, where Linux gives 8 MiB,
/// so code that recurses through a deep state overflows sooner there; asking fixes the size everywhere.
/// On Apple platforms the thread also gets the quality of service of the thread that starts it (on the
/// main thread, user-interactive): an app thread that waits for it, as `flush()` waits for the journal
/// writer, then never waits on a thread of lower priority, which the system reports as a priority
/// inversion. Linux has no quality of service.
public enum DetachedThread {
    /// Why a thread could not start: the system's refusal (`EAGAIN`: too many threads, or no memory).
    public struct StartError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The thread's name.
        public var name: String
        /// The error number `pthread_create` returned.
        public var errno: Int32

        /// The refusal as a sentence.
        public var description: String {
            "the thread \"\(name)\" could not start: \(String(cString: strerror(errno)))."
        }
    }

    /// Starts `body` on a new thread, which ends when `body` returns; nothing waits for it.
    ///
    /// - Parameters:
    ///   - name: What debuggers and crash reports call the thread (Linux shows its first 15 bytes).
    ///   - stackBytes: The size of its stack, rounded up to whole pages (and to the system's least).
    /// - Throws: ``StartError`` when the system refuses a new thread.
    public static func start(name: String, stackBytes: Int, _ body: @escaping @Sendable () -> Void) throws(StartError) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(&attributes, stackSize(for: stackBytes))
        #if canImport(Darwin)
        pthread_attr_set_qos_class_np(&attributes, qos_class_self(), 0)
        #endif
        // Safe because the new thread takes back exactly the one retain made here, or this function does when
        // the thread was not created.
        let context = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        #if canImport(Glibc) || canImport(Android)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let code = pthread_create(&thread, &attributes, { context in
            // Safe because `context` is the retained Start passed below, released exactly once here.
            let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
            _ = cstatesync_name_this_thread(start.name)
            start.body()
            return nil
        }, context)
        guard code == 0 else {
            Unmanaged<Start>.fromOpaque(context).release()
            throw StartError(name: name, errno: code)
        }
    }

    /// The size in bytes of the calling thread's stack, as the system reports it; 0 when it does not.
    public static var currentStackBytes: Int {
        Int(cstatesync_this_thread_stack_bytes())
    }

    /// `bytes` rounded up to whole pages, and to at least 64 KiB (more than any system's least).
    static func stackSize(for bytes: Int) -> Int {
        let page = max(4096, Int(getpagesize()))
        let size = max(bytes, 64 << 10)
        return (size + page - 1) / page * page
    }

    /// What a new thread runs, handed over through `pthread_create`'s context pointer.
    private final class Start {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }
}
