#ifndef STATEDBG_CCRASHJOURNAL_H
#define STATEDBG_CCRASHJOURNAL_H

// The part of a flight recorder's crash journal that runs in a signal handler, in C: Swift gives no
// promise that a function does not allocate, take a lock or touch the runtime, and a handler for a
// fatal signal may do none of these. Everything the handler writes is prepared before the crash by
// StateRecorder (the journal's lines, published here as chunks) and StateJournal (the pieces of the
// `crashed` line); the handler only reads them, formats two numbers, checksums a line or two and calls
// open(2), write(2), fsync(2), close(2), rename(2) and nanosleep(2), all async-signal-safe. The one line
// not prepared before the crash is the action in flight's: the app's thread only notes the action, and
// the handler asks the recorder's encoder thread for its line through a pipe, waiting a bounded time.

#include <stddef.h>
#include <stdint.h>

/// A run of journal bytes: the header of the oldest kept segment, or the step lines of a segment.
typedef struct {
    const void *bytes;
    size_t count;
} ccrash_chunk;

/// The most chunks a journal publishes at once.
#define CCRASH_MAX_CHUNKS 16

/// The signals a crash journal is written on, in this order: SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE.
#define CCRASH_SIGNAL_COUNT 6

/// One recorder's crash journal: what it published last, and where it goes. Opaque to Swift.
typedef struct ccrash_journal ccrash_journal;

/// A new journal with nothing published; NULL when memory is short.
ccrash_journal *ccrash_journal_create(void);
/// Frees a journal, after uninstalling its handlers if they are installed.
void ccrash_journal_destroy(ccrash_journal *journal);

/// The signal number of the `index`th signal of the list above.
int ccrash_signal_number(int index);

/// Publishes what the journal holds now: `count` chunks (at most CCRASH_MAX_CHUNKS; more are cut)
/// ending with step `last_step`. Called by one thread (the recorder's writer); the chunks' bytes must
/// stay readable until well after the next call.
void ccrash_publish(ccrash_journal *journal, const ccrash_chunk *chunks, int count, int64_t last_step);
/// Notes that the app is applying its `number`th action (from 1) after step `after`, not encoded yet:
/// a crash asks the encoder thread for its line. Called under the recorder's lock.
void ccrash_note_in_flight(ccrash_journal *journal, uint64_t number, int64_t after);
/// Publishes the line of the `number`th action in flight: its `actionInFlight` line (or a marker saying
/// why it has none), `count` bytes at `line`, line feed included, readable until the next call.
void ccrash_set_in_flight(ccrash_journal *journal, const void *line, size_t count, uint64_t number);
/// Opens the pipe through which a handler asks the encoder thread for the action in flight's line.
/// Returns 0 or errno.
int ccrash_open_encoder_channel(ccrash_journal *journal);
/// Closes the pipe's writing end: the encoder thread's wait returns 0.
void ccrash_close_encoder_channel(ccrash_journal *journal);
/// The encoder thread's wait: 1 when a handler asks for the action in flight's line, 0 once the
/// channel is closed.
int ccrash_wait_for_encoding_request(ccrash_journal *journal);
/// Notes that the calling thread is the encoder: a crash on it while a handler waits does not end the
/// process before the journal is written.
void ccrash_note_encoder_thread(ccrash_journal *journal);
/// Notes that the app recorded step `step`, which the writer may not have published yet.
void ccrash_note_recorded(ccrash_journal *journal, int64_t step);
/// Notes that the calling thread is the journal's writer: a crash on it does not wait for it.
void ccrash_note_writer_thread(ccrash_journal *journal);

/// Sets where the journal goes (`path`, written under `temporary` and renamed) and the pieces of
/// its `crashed` line (StateJournal's `JournalEvent.crashedLinePieces`): `head` AFTER `tails[i]` TIME `}`
/// for signal i, then its checksum; and likewise of the marker written when the action in flight's line
/// was not made in time. Returns 0, or ENAMETOOLONG when a string does not fit.
int ccrash_configure(ccrash_journal *journal, const char *path, const char *temporary, const char *head,
                     const char *const *tails, const char *unencoded_head, const char *unencoded_tail);

/// Installs the process's handlers for the six signals, writing `journal`; the handlers installed
/// before are kept and restored after the journal is written. Also gives the calling thread an
/// alternate signal stack. Returns 0, EBUSY when another journal's handlers are installed, or errno.
int ccrash_install(ccrash_journal *journal);
/// Restores the handlers that were installed before, when `journal`'s are installed.
void ccrash_uninstall(ccrash_journal *journal);
/// Gives the calling thread an alternate signal stack, unless it has one: a stack overflow's SIGSEGV
/// can only be handled on one. Returns 0 or errno.
int ccrash_use_alternate_stack(void);

/// Writes the journal to its path now, as the handler does for `signal_number` (0: no `crashed`
/// line), waiting at most `wait_ms` for the writer and the encoder; returns 0 or errno. For tests and
/// the handler.
int ccrash_write(ccrash_journal *journal, int signal_number, int wait_ms);

/// Formats the `crashed` line for signal `signal_number` after step `after` at `time` into `out`
/// (line feed included); returns its length, or 0 when it does not fit or the signal is not one of
/// the six. For tests: the handler formats the same way.
size_t ccrash_format_crashed_line(const ccrash_journal *journal, int signal_number, int64_t after, int64_t time,
                                  char *out, size_t capacity);

/// Formats the marker written when the action in flight's line was not made in time, after step
/// `after` at `time`, as ccrash_format_crashed_line does. For tests: the handler formats the same way.
size_t ccrash_format_unencoded_line(const ccrash_journal *journal, int64_t after, int64_t time, char *out, size_t capacity);

#endif
