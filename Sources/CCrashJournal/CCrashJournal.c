#define _GNU_SOURCE
#include "CCrashJournal.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

static const int signals[CCRASH_SIGNAL_COUNT] = { SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE };

struct ccrash_journal {
    // What the app's threads write on every dispatch, on a cache line of its own: the writer's
    // publishing every step would otherwise take the line from the app's core each time.
    // The action in flight as the app noted it: its number (0: none yet) and the step it follows,
    // written under the recorder's lock without encoding the action; and the last step recorded.
    _Alignas(64) uint64_t noted_sequence;
    int64_t noted_after;
    int64_t recorded_step;
    // The published chunks, behind a sequence lock: even when stable, odd while the writer changes them.
    _Alignas(64) uint64_t sequence;
    int32_t chunk_count;
    ccrash_chunk chunks[CCRASH_MAX_CHUNKS];
    int64_t last_step;
    // Its line, once the encoder thread made it, behind its own sequence lock: the bytes, and the
    // number of the action they are for.
    uint64_t flight_sequence;
    const void *flight_bytes;
    size_t flight_count;
    uint64_t flight_for;
    pthread_t writer;
    int has_writer;
    pthread_t encoder;
    int has_encoder;
    // A second fatal signal on the writer or the encoder while the handler waits for them.
    int helper_crashed;
    // The pipe a handler asks the encoder thread through (write(2) is async-signal-safe): -1 when none.
    int request_read;
    int request_write;
    char path[PATH_MAX];
    char temporary[PATH_MAX];
    char head[64];
    char tails[CCRASH_SIGNAL_COUNT][96];
    // The marker line written when the action in flight's line was not made in time.
    char unencoded_head[64];
    char unencoded_tail[256];
    struct sigaction previous[CCRASH_SIGNAL_COUNT];
};

// The one journal whose handlers are installed: signal handlers are per process, so this global is
// where a handler finds what to write (the only one in statedbg, and why it exists).
static ccrash_journal *installed;
static int entered;

ccrash_journal *ccrash_journal_create(void) {
    // Aligned as the structure asks (calloc gives 16 bytes), so that its cache lines are its own.
    void *memory = NULL;
    if (posix_memalign(&memory, _Alignof(ccrash_journal), sizeof(ccrash_journal)) != 0) return NULL;
    ccrash_journal *journal = memset(memory, 0, sizeof(ccrash_journal));
    journal->request_read = -1;
    journal->request_write = -1;
    return journal;
}

void ccrash_journal_destroy(ccrash_journal *journal) {
    if (!journal) return;
    ccrash_uninstall(journal);
    ccrash_close_encoder_channel(journal);
    if (journal->request_read >= 0) close(journal->request_read);
    free(journal);
}

int ccrash_signal_number(int index) {
    return index >= 0 && index < CCRASH_SIGNAL_COUNT ? signals[index] : 0;
}

static int signal_index(int number) {
    for (int index = 0; index < CCRASH_SIGNAL_COUNT; index++) {
        if (signals[index] == number) return index;
    }
    return -1;
}

void ccrash_publish(ccrash_journal *journal, const ccrash_chunk *chunks, int count, int64_t last_step) {
    if (count > CCRASH_MAX_CHUNKS) count = CCRASH_MAX_CHUNKS;
    uint64_t sequence = __atomic_load_n(&journal->sequence, __ATOMIC_RELAXED);
    __atomic_store_n(&journal->sequence, sequence + 1, __ATOMIC_RELAXED);
    __atomic_thread_fence(__ATOMIC_RELEASE);
    for (int index = 0; index < count; index++) {
        __atomic_store_n(&journal->chunks[index].bytes, chunks[index].bytes, __ATOMIC_RELAXED);
        __atomic_store_n(&journal->chunks[index].count, chunks[index].count, __ATOMIC_RELAXED);
    }
    __atomic_store_n(&journal->chunk_count, count, __ATOMIC_RELAXED);
    __atomic_store_n(&journal->last_step, last_step, __ATOMIC_RELAXED);
    __atomic_store_n(&journal->sequence, sequence + 2, __ATOMIC_RELEASE);
}

void ccrash_note_in_flight(ccrash_journal *journal, uint64_t number, int64_t after) {
    // The step first: a handler that sees the new number sees its step (both are read after an acquire
    // of the number, and written under the recorder's lock, one app thread at a time).
    __atomic_store_n(&journal->noted_after, after, __ATOMIC_RELAXED);
    __atomic_store_n(&journal->noted_sequence, number, __ATOMIC_RELEASE);
}

void ccrash_set_in_flight(ccrash_journal *journal, const void *line, size_t count, uint64_t number) {
    uint64_t sequence = __atomic_load_n(&journal->flight_sequence, __ATOMIC_RELAXED);
    __atomic_store_n(&journal->flight_sequence, sequence + 1, __ATOMIC_RELAXED);
    __atomic_thread_fence(__ATOMIC_RELEASE);
    __atomic_store_n(&journal->flight_bytes, line, __ATOMIC_RELAXED);
    __atomic_store_n(&journal->flight_count, count, __ATOMIC_RELAXED);
    __atomic_store_n(&journal->flight_for, number, __ATOMIC_RELAXED);
    __atomic_store_n(&journal->flight_sequence, sequence + 2, __ATOMIC_RELEASE);
}

int ccrash_open_encoder_channel(ccrash_journal *journal) {
    int ends[2];
    if (pipe(ends) != 0) return errno;
    if (journal->request_read >= 0) close(journal->request_read);
    for (int index = 0; index < 2; index++) fcntl(ends[index], F_SETFD, FD_CLOEXEC);
    // A handler never blocks on a full pipe: a request already waiting is request enough.
    fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK);
    journal->request_read = ends[0];
    __atomic_store_n(&journal->request_write, ends[1], __ATOMIC_RELEASE);
    return 0;
}

void ccrash_close_encoder_channel(ccrash_journal *journal) {
    int descriptor = __atomic_exchange_n(&journal->request_write, -1, __ATOMIC_ACQ_REL);
    // The encoder thread's read(2) returns 0 and it ends; the read end is closed with the journal.
    if (descriptor >= 0) close(descriptor);
}

int ccrash_wait_for_encoding_request(ccrash_journal *journal) {
    char byte;
    for (;;) {
        ssize_t count = read(journal->request_read, &byte, 1);
        if (count == 1) return 1;
        if (count < 0 && errno == EINTR) continue;
        return 0;
    }
}

void ccrash_note_encoder_thread(ccrash_journal *journal) {
    journal->encoder = pthread_self();
    __atomic_store_n(&journal->has_encoder, 1, __ATOMIC_RELEASE);
}

void ccrash_note_recorded(ccrash_journal *journal, int64_t step) {
    __atomic_store_n(&journal->recorded_step, step, __ATOMIC_RELEASE);
}

void ccrash_note_writer_thread(ccrash_journal *journal) {
    journal->writer = pthread_self();
    __atomic_store_n(&journal->has_writer, 1, __ATOMIC_RELEASE);
}

static int copy_string(char *to, size_t capacity, const char *from) {
    size_t length = strlen(from);
    if (length >= capacity) return ENAMETOOLONG;
    memcpy(to, from, length + 1);
    return 0;
}

int ccrash_configure(ccrash_journal *journal, const char *path, const char *temporary, const char *head,
                     const char *const *tails, const char *unencoded_head, const char *unencoded_tail) {
    int status = copy_string(journal->path, sizeof journal->path, path);
    if (!status) status = copy_string(journal->temporary, sizeof journal->temporary, temporary);
    if (!status) status = copy_string(journal->head, sizeof journal->head, head);
    if (!status) status = copy_string(journal->unencoded_head, sizeof journal->unencoded_head, unencoded_head);
    if (!status) status = copy_string(journal->unencoded_tail, sizeof journal->unencoded_tail, unencoded_tail);
    for (int index = 0; !status && index < CCRASH_SIGNAL_COUNT; index++) {
        status = copy_string(journal->tails[index], sizeof journal->tails[index], tails[index]);
    }
    return status;
}

// MARK: What the handler runs: no allocation, no locks, no stdio.

static size_t append_bytes(char *out, size_t at, size_t capacity, const char *bytes, size_t count) {
    if (at == SIZE_MAX || count > capacity - at) return SIZE_MAX;
    memcpy(out + at, bytes, count);
    return at + count;
}

static size_t append_string(char *out, size_t at, size_t capacity, const char *text) {
    return append_bytes(out, at, capacity, text, strlen(text));
}

static size_t append_integer(char *out, size_t at, size_t capacity, int64_t value) {
    char digits[24];
    size_t count = 0;
    uint64_t magnitude = value < 0 ? (uint64_t)0 - (uint64_t)value : (uint64_t)value;
    do {
        digits[sizeof digits - 1 - count++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude);
    if (value < 0) digits[sizeof digits - 1 - count++] = '-';
    return append_bytes(out, at, capacity, digits + sizeof digits - count, count);
}

// CRC-32C bit by bit: no table to set up, and the one line it covers is short. The same checksum as
// StateJournal's LineChecksum (Castagnoli polynomial, reflected, initial and final XOR all ones).
static uint32_t crc32c(const char *bytes, size_t count) {
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t index = 0; index < count; index++) {
        crc ^= (uint8_t)bytes[index];
        for (int bit = 0; bit < 8; bit++) crc = (crc >> 1) ^ (0x82F63B78u & (0u - (crc & 1u)));
    }
    return crc ^ 0xFFFFFFFFu;
}

// HEAD AFTER TAIL TIME `}`, then the checksum: a `crashed` line, or the marker of an action in flight
// whose line was not made in time.
static size_t format_line(const char *head, const char *tail, int64_t after, int64_t time, char *out, size_t capacity) {
    size_t at = append_string(out, 0, capacity, head);
    at = append_integer(out, at, capacity, after);
    at = append_string(out, at, capacity, tail);
    at = append_integer(out, at, capacity, time);
    // The checksum covers the line without its `crc` member, closed by `}` (see LineChecksum).
    at = append_bytes(out, at, capacity, "}", 1);
    if (at == SIZE_MAX) return 0;
    uint32_t crc = crc32c(out, at);
    at -= 1;
    at = append_string(out, at, capacity, ",\"crc\":\"");
    static const char hex[] = "0123456789abcdef";
    char digits[8];
    for (int nibble = 0; nibble < 8; nibble++) digits[nibble] = hex[(crc >> (28 - 4 * nibble)) & 0xF];
    at = append_bytes(out, at, capacity, digits, 8);
    at = append_bytes(out, at, capacity, "\"}\n", 3);
    return at == SIZE_MAX ? 0 : at;
}

size_t ccrash_format_crashed_line(const ccrash_journal *journal, int signal_number, int64_t after, int64_t time,
                                  char *out, size_t capacity) {
    int index = signal_index(signal_number);
    if (index < 0) return 0;
    return format_line(journal->head, journal->tails[index], after, time, out, capacity);
}

size_t ccrash_format_unencoded_line(const ccrash_journal *journal, int64_t after, int64_t time, char *out, size_t capacity) {
    return format_line(journal->unencoded_head, journal->unencoded_tail, after, time, out, capacity);
}

static int write_all(int descriptor, const void *bytes, size_t count) {
    const char *next = bytes;
    while (count > 0) {
        ssize_t written = write(descriptor, next, count);
        if (written < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        next += written;
        count -= (size_t)written;
    }
    return 0;
}

static void pause_a_millisecond(void) {
    struct timespec pause = { 0, 1000000 };
    nanosleep(&pause, NULL);
}

// The line published for the action in flight, when it is the one for action `number`.
static int read_in_flight(ccrash_journal *journal, uint64_t number, const void **bytes, size_t *count) {
    for (int attempt = 0; attempt < 1000; attempt++) {
        uint64_t before = __atomic_load_n(&journal->flight_sequence, __ATOMIC_ACQUIRE);
        if (before & 1) continue;
        const void *line = __atomic_load_n(&journal->flight_bytes, __ATOMIC_RELAXED);
        size_t length = __atomic_load_n(&journal->flight_count, __ATOMIC_RELAXED);
        uint64_t made_for = __atomic_load_n(&journal->flight_for, __ATOMIC_RELAXED);
        __atomic_thread_fence(__ATOMIC_ACQUIRE);
        if (__atomic_load_n(&journal->flight_sequence, __ATOMIC_RELAXED) != before) continue;
        if (made_for != number || !line || length == 0) return 0;
        *bytes = line;
        *count = length;
        return 1;
    }
    return 0;
}

static int is_thread(const int *has, const pthread_t *thread) {
    return __atomic_load_n(has, __ATOMIC_ACQUIRE) && pthread_equal(*thread, pthread_self());
}

int ccrash_write(ccrash_journal *journal, int signal_number, int wait_ms) {
    int64_t recorded = __atomic_load_n(&journal->recorded_step, __ATOMIC_ACQUIRE);
    uint64_t noted = __atomic_load_n(&journal->noted_sequence, __ATOMIC_ACQUIRE);
    int64_t noted_after = __atomic_load_n(&journal->noted_after, __ATOMIC_RELAXED);
    // An action noted after the last step recorded was running: the app's thread left its encoding to
    // the encoder thread, asked now, while the writer catches up (both in the time given).
    int in_flight = noted != 0 && noted_after == recorded;
    const void *flight = NULL;
    size_t flight_count = 0;
    int is_encoder = is_thread(&journal->has_encoder, &journal->encoder);
    if (in_flight && !read_in_flight(journal, noted, &flight, &flight_count) && !is_encoder) {
        int descriptor = __atomic_load_n(&journal->request_write, __ATOMIC_ACQUIRE);
        if (descriptor >= 0) {
            char request = 'e';
            ssize_t ignored = write(descriptor, &request, 1);
            (void)ignored;
        }
    }
    // The app recorded steps the writer may not have published yet: wait for it (a while), unless
    // this thread is the writer.
    int is_writer = is_thread(&journal->has_writer, &journal->writer);
    ccrash_chunk chunks[CCRASH_MAX_CHUNKS];
    int count = 0;
    int64_t last_step = 0;
    int waited = 0;
    for (;;) {
        uint64_t before = __atomic_load_n(&journal->sequence, __ATOMIC_ACQUIRE);
        if (!(before & 1)) {
            count = __atomic_load_n(&journal->chunk_count, __ATOMIC_RELAXED);
            if (count < 0 || count > CCRASH_MAX_CHUNKS) count = 0;
            for (int index = 0; index < count; index++) {
                chunks[index].bytes = __atomic_load_n(&journal->chunks[index].bytes, __ATOMIC_RELAXED);
                chunks[index].count = __atomic_load_n(&journal->chunks[index].count, __ATOMIC_RELAXED);
            }
            last_step = __atomic_load_n(&journal->last_step, __ATOMIC_RELAXED);
            __atomic_thread_fence(__ATOMIC_ACQUIRE);
            if (__atomic_load_n(&journal->sequence, __ATOMIC_RELAXED) == before) {
                if (last_step >= recorded || is_writer || waited >= wait_ms
                    || __atomic_load_n(&journal->helper_crashed, __ATOMIC_ACQUIRE)) break;
            }
        }
        // A writer that crashed while publishing never makes the sequence even again.
        if (waited >= 2 * wait_ms + 10) return ETIMEDOUT;
        pause_a_millisecond();
        waited++;
    }
    if (count == 0) return ENODATA;

    // The action in flight is the one applied to the last step written; an action applied to a later
    // step (when the writer could not catch up) or already recorded is not.
    in_flight = in_flight && recorded == last_step;
    while (in_flight && !flight && !is_encoder && !read_in_flight(journal, noted, &flight, &flight_count)) {
        if (waited >= wait_ms || __atomic_load_n(&journal->helper_crashed, __ATOMIC_ACQUIRE)
            || __atomic_load_n(&journal->request_write, __ATOMIC_ACQUIRE) < 0) break;
        pause_a_millisecond();
        waited++;
    }

    int descriptor = open(journal->temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (descriptor < 0) return errno;
    int status = 0;
    for (int index = 0; !status && index < count; index++) status = write_all(descriptor, chunks[index].bytes, chunks[index].count);
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    // Rounded to the nearest millisecond, as the recorder's wall clock is.
    int64_t milliseconds = (int64_t)now.tv_sec * 1000 + (now.tv_nsec + 500000) / 1000000;
    char line[512];
    if (!status && in_flight && flight) {
        status = write_all(descriptor, flight, flight_count);
    } else if (!status && in_flight) {
        // Its line was not made in time (the encoder is stuck on a lock the crashing thread holds, say):
        // the journal says so rather than ending as if no action was running.
        size_t length = ccrash_format_unencoded_line(journal, last_step, milliseconds, line, sizeof line);
        if (length > 0) status = write_all(descriptor, line, length);
    }
    if (!status && signal_number != 0) {
        size_t length = ccrash_format_crashed_line(journal, signal_number, last_step, milliseconds, line, sizeof line);
        if (length > 0) status = write_all(descriptor, line, length);
    }
    if (!status && fsync(descriptor) != 0) status = errno;
    if (close(descriptor) != 0 && !status) status = errno;
    if (!status && rename(journal->temporary, journal->path) != 0) status = errno;
    if (status) unlink(journal->temporary);
    return status;
}

static void restore_previous(ccrash_journal *journal) {
    for (int index = 0; index < CCRASH_SIGNAL_COUNT; index++) sigaction(signals[index], &journal->previous[index], NULL);
}

// Whether a process sent the signal (kill(2), raise(3), abort(3)) rather than the processor raising it.
// Linux numbers the codes of sent signals 0 and below (SI_USER, SI_QUEUE, SI_TKILL, …); Darwin gives
// them codes of their own (SI_USER is 0x10001 there), checked only by reading its headers.
static int sent_by_a_process(const siginfo_t *info) {
#if defined(__linux__)
    return info->si_code <= 0;
#else
    return info->si_code == SI_USER || info->si_code == SI_QUEUE;
#endif
}

static void handle(int number, siginfo_t *info, void *context) {
    (void)context;
    int saved = errno;
    ccrash_journal *journal = __atomic_load_n(&installed, __ATOMIC_ACQUIRE);
    // One journal per process: a second fatal signal (on another thread, or in this handler) goes
    // to the handlers installed before, which are back in place once the first one wrote.
    if (journal && !__atomic_exchange_n(&entered, 1, __ATOMIC_ACQ_REL)) {
        ccrash_write(journal, number, 2000);
        restore_previous(journal);
    } else if (journal && (is_thread(&journal->has_writer, &journal->writer) || is_thread(&journal->has_encoder, &journal->encoder))) {
        // The writer or the encoder died while the first handler waits for it: that handler stops
        // waiting, writes what it has, and ends the process with its own signal; this thread waits
        // for that rather than end the process before the journal is written.
        __atomic_store_n(&journal->helper_crashed, 1, __ATOMIC_RELEASE);
        for (;;) pause_a_millisecond();
    } else if (journal) {
        restore_previous(journal);
    }
    errno = saved;
    // A fault the processor raised happens again when the handler returns, now under the handler
    // installed before (a crash reporter's, or the default that ends the process); a signal sent by
    // a process (abort(3), raise(3), kill(2)) is sent again, to be delivered when this one returns.
    if (info == NULL || sent_by_a_process(info)) raise(number);
}

int ccrash_use_alternate_stack(void) {
    stack_t current;
    if (sigaltstack(NULL, &current) != 0) return errno;
    if (!(current.ss_flags & SS_DISABLE) && current.ss_size > 0) return 0;
    // Room for the handler's few kilobytes and a crash reporter's handler after it. Kept for the
    // thread's life: a thread's alternate stack cannot be freed while the thread may use it.
    size_t size = 256 * 1024;
    void *stack = malloc(size);
    if (!stack) return ENOMEM;
    stack_t alternate = { .ss_sp = stack, .ss_size = size, .ss_flags = 0 };
    if (sigaltstack(&alternate, NULL) != 0) {
        int code = errno;
        free(stack);
        return code;
    }
    return 0;
}

int ccrash_install(ccrash_journal *journal) {
    ccrash_journal *expected = NULL;
    if (!__atomic_compare_exchange_n(&installed, &expected, journal, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        return expected == journal ? 0 : EBUSY;
    }
    __atomic_store_n(&entered, 0, __ATOMIC_RELEASE);
    int status = ccrash_use_alternate_stack();
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = handle;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (int index = 0; !status && index < CCRASH_SIGNAL_COUNT; index++) {
        if (sigaction(signals[index], &action, &journal->previous[index]) != 0) {
            status = errno;
            for (int back = 0; back < index; back++) sigaction(signals[back], &journal->previous[back], NULL);
        }
    }
    if (status) __atomic_store_n(&installed, NULL, __ATOMIC_RELEASE);
    return status;
}

void ccrash_uninstall(ccrash_journal *journal) {
    ccrash_journal *expected = journal;
    if (!__atomic_load_n(&installed, __ATOMIC_ACQUIRE) || __atomic_load_n(&installed, __ATOMIC_ACQUIRE) != journal) return;
    restore_previous(journal);
    __atomic_compare_exchange_n(&installed, &expected, NULL, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}
