#ifndef STATEDBG_CCRASHJOURNAL_H
#define STATEDBG_CCRASHJOURNAL_H

// The part of a flight recorder's crash journal that runs in a signal handler, in C: Swift gives no
// promise that a function does not allocate, take a lock or touch the runtime, and a handler for a
// fatal signal may do none of these. Everything the handler writes is prepared before the crash by
// StateRecorder (the journal's lines, published here as chunks) and StateJournal (the pieces of the
// `crashed` line); the handler only reads them, formats two numbers, checksums one line and calls
// open(2), write(2), fsync(2), close(2) and rename(2), all async-signal-safe.

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
/// Publishes the action in flight: the `actionInFlight` line (`count` bytes at `line`, line feed
/// included) of an action applied after step `after`.
void ccrash_set_in_flight(ccrash_journal *journal, const void *line, size_t count, int64_t after);
/// Notes that the app recorded step `step`, which the writer may not have published yet.
void ccrash_note_recorded(ccrash_journal *journal, int64_t step);
/// Notes that the calling thread is the journal's writer: a crash on it does not wait for it.
void ccrash_note_writer_thread(ccrash_journal *journal);

/// Sets where the journal goes (`path`, written under `temporary` and renamed) and the pieces of
/// its `crashed` line (StateJournal's `JournalEvent.crashedLinePieces`): `head` AFTER `tails[i]` TIME `}`
/// for signal i, then its checksum. Returns 0, or ENAMETOOLONG when a string does not fit.
int ccrash_configure(ccrash_journal *journal, const char *path, const char *temporary, const char *head,
                     const char *const *tails);

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
/// line), waiting at most `wait_ms` for the writer; returns 0 or errno. For tests and the handler.
int ccrash_write(ccrash_journal *journal, int signal_number, int wait_ms);

/// Formats the `crashed` line for signal `signal_number` after step `after` at `time` into `out`
/// (line feed included); returns its length, or 0 when it does not fit or the signal is not one of
/// the six. For tests: the handler formats the same way.
size_t ccrash_format_crashed_line(const ccrash_journal *journal, int signal_number, int64_t after, int64_t time,
                                  char *out, size_t capacity);

#endif
