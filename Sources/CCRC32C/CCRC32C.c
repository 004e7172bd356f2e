// CRC-32C with the processor's own instructions: SSE4.2 `crc32` on x86-64, the CRC32 extension's
// `crc32c` on arm64. Swift cannot reach these without target flags for the whole module, which a
// package that others depend on may not set, so this file enables them per function and the caller
// asks `ccrc32c_hardware_available()` first.
//
// A long buffer runs as three independent streams, because the instruction takes three cycles but
// can start every cycle; the three partial checksums are joined by "shifting" two of them over the
// bytes that follow them (multiplication by x^(8n) modulo the polynomial, done with four 256-entry
// tables made once for each fixed block length).

#include "CCRC32C.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define CCRC32C_X86 1
#include <cpuid.h>
#include <immintrin.h>
#elif defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__))
#define CCRC32C_ARM 1
#include <arm_acle.h>
#if defined(__linux__)
#include <sys/auxv.h>
#ifndef HWCAP_CRC32
#define HWCAP_CRC32 (1 << 7)
#endif
#endif
#endif

#include <string.h>

#if defined(CCRC32C_X86) || defined(CCRC32C_ARM)

#if defined(CCRC32C_X86)
#define CCRC32C_TARGET __attribute__((target("sse4.2")))
#define CCRC32C_U64(crc, word) ((uint32_t)_mm_crc32_u64((crc), (word)))
#define CCRC32C_U32(crc, word) _mm_crc32_u32((crc), (word))
#define CCRC32C_U16(crc, half) _mm_crc32_u16((crc), (half))
#define CCRC32C_U8(crc, byte) _mm_crc32_u8((crc), (byte))
#else
#define CCRC32C_TARGET __attribute__((target("crc")))
#define CCRC32C_U64(crc, word) __crc32cd((crc), (word))
#define CCRC32C_U32(crc, word) __crc32cw((crc), (word))
#define CCRC32C_U16(crc, half) __crc32ch((crc), (half))
#define CCRC32C_U8(crc, byte) __crc32cb((crc), (byte))
#endif

/// The bytes each of the three streams covers in one round: long rounds for long buffers, short
/// ones for the rest of a buffer of at least three short blocks (a journal line is often ~200 bytes).
#define CCRC32C_LONG 512
#define CCRC32C_SHORT 48

/// shift[k][b]: the register that the byte b at position k of a 32-bit register becomes after a
/// block of zero bytes; the register after the block is the XOR of its four bytes' entries.
static uint32_t ccrc32c_shift_long[4][256];
static uint32_t ccrc32c_shift_short[4][256];

static uint32_t ccrc32c_zeros_bit(uint32_t crc, size_t count) {
    // One bit at a time: run only while the tables are made.
    for (size_t byte = 0; byte < count; byte++) {
        for (int bit = 0; bit < 8; bit++) crc = (crc & 1) ? (crc >> 1) ^ 0x82F63B78u : crc >> 1;
    }
    return crc;
}

static void ccrc32c_make_table(uint32_t table[4][256], size_t block) {
    uint32_t images[32];
    for (int bit = 0; bit < 32; bit++) images[bit] = ccrc32c_zeros_bit((uint32_t)1 << bit, block);
    for (int k = 0; k < 4; k++) {
        for (int b = 0; b < 256; b++) {
            uint32_t value = 0;
            for (int bit = 0; bit < 8; bit++) {
                if (b & (1 << bit)) value ^= images[8 * k + bit];
            }
            table[k][b] = value;
        }
    }
}

static void ccrc32c_make_tables(void) {
    ccrc32c_make_table(ccrc32c_shift_long, CCRC32C_LONG);
    ccrc32c_make_table(ccrc32c_shift_short, CCRC32C_SHORT);
}

static inline uint32_t ccrc32c_shifted(uint32_t table[4][256], uint32_t crc) {
    return table[0][crc & 0xFF] ^ table[1][(crc >> 8) & 0xFF] ^ table[2][(crc >> 16) & 0xFF] ^ table[3][crc >> 24];
}

static int ccrc32c_detect(void) {
#if defined(CCRC32C_X86)
    // CPUID leaf 1, ECX bit 20, asked directly on every system: `__builtin_cpu_supports` reads
    // compiler-rt's `__cpu_model`, which Apple's toolchain does not link (Intel Macs, Rosetta
    // simulators and universal builds failed to link), and one way everywhere is the way tested here.
    unsigned int eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    return (ecx & bit_SSE4_2) ? 1 : 0;
#elif defined(__APPLE__)
    return 1;   // every Apple arm64 processor has the CRC32 extension
#elif defined(__linux__)
    return (getauxval(AT_HWCAP) & HWCAP_CRC32) ? 1 : 0;
#else
    return 0;
#endif
}

/// -1 until decided, 2 while one thread decides and makes the tables, then 0 or 1.
static int ccrc32c_state = -1;

int ccrc32c_hardware_available(void) {
    int state = __atomic_load_n(&ccrc32c_state, __ATOMIC_ACQUIRE);
    if (state == 0 || state == 1) return state;
    int expected = -1;
    if (__atomic_compare_exchange_n(&ccrc32c_state, &expected, 2, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        int available = ccrc32c_detect();
        if (available) ccrc32c_make_tables();
        __atomic_store_n(&ccrc32c_state, available, __ATOMIC_RELEASE);
        return available;
    }
    // Another thread is making the tables, which takes microseconds.
    while ((state = __atomic_load_n(&ccrc32c_state, __ATOMIC_ACQUIRE)) == 2) {
    }
    return state;
}

static inline uint64_t ccrc32c_load64(const unsigned char *bytes) {
    uint64_t word;
    memcpy(&word, bytes, sizeof word);
    return word;   // both targets are little-endian, as the checksum's byte order wants
}

/// Runs whole rounds of three `block`-byte streams over `*next` while `*count` allows, joining the
/// three registers after each round: the first one shifted over the second and third blocks, the
/// second over the third (CRC is linear, and a stream started from zero adds only its bytes).
CCRC32C_TARGET
static inline uint32_t ccrc32c_rounds(uint32_t crc, const unsigned char **next, size_t *count, size_t block,
                                      uint32_t table[4][256]) {
    const unsigned char *at = *next;
    size_t left = *count;
    while (left >= 3 * block) {
        uint32_t first = crc, second = 0, third = 0;
        const unsigned char *end = at + block;
        do {
            first = CCRC32C_U64(first, ccrc32c_load64(at));
            second = CCRC32C_U64(second, ccrc32c_load64(at + block));
            third = CCRC32C_U64(third, ccrc32c_load64(at + 2 * block));
            at += 8;
        } while (at < end);
        crc = ccrc32c_shifted(table, ccrc32c_shifted(table, first) ^ second) ^ third;
        at += 2 * block;
        left -= 3 * block;
    }
    *next = at;
    *count = left;
    return crc;
}

CCRC32C_TARGET
uint32_t ccrc32c_update_hardware(uint32_t crc, const void *bytes, size_t count) {
    // Unaligned loads cost nothing extra on either architecture, so no byte-at-a-time prologue: each
    // instruction takes three cycles before the next one on the same register can start.
    const unsigned char *next = (const unsigned char *)bytes;
    crc = ccrc32c_rounds(crc, &next, &count, CCRC32C_LONG, ccrc32c_shift_long);
    crc = ccrc32c_rounds(crc, &next, &count, CCRC32C_SHORT, ccrc32c_shift_short);
    while (count >= 8) {
        crc = CCRC32C_U64(crc, ccrc32c_load64(next));
        next += 8;
        count -= 8;
    }
    if (count >= 4) {
        uint32_t word;
        memcpy(&word, next, sizeof word);
        crc = CCRC32C_U32(crc, word);
        next += 4;
        count -= 4;
    }
    if (count >= 2) {
        uint16_t half;
        memcpy(&half, next, sizeof half);
        crc = CCRC32C_U16(crc, half);
        next += 2;
        count -= 2;
    }
    if (count > 0) crc = CCRC32C_U8(crc, *next);
    return crc;
}

/// One of the three checksums `ccrc32c_split_lines_hardware` computes side by side: the line it is
/// on, the bytes of it still to feed in, and its register.
typedef struct {
    const unsigned char *at;
    size_t left;
    uint32_t crc;
    size_t line;
    int active;
} ccrc32c_lane;

/// Puts the next line that has not had its checksum started into `lane`, or leaves it inactive.
static inline void ccrc32c_lane_load(ccrc32c_lane *lane, size_t *next, size_t found, const unsigned char *bytes,
                                     const size_t *ends, size_t suffix) {
    if (*next >= found) {
        lane->active = 0;
        return;
    }
    size_t line = (*next)++;
    size_t start = line == 0 ? 0 : ends[line - 1] + 1;
    size_t length = ends[line] - start;
    lane->at = bytes + start;
    lane->left = length > suffix ? length - suffix : 0;
    lane->crc = 0xFFFFFFFFu;
    lane->line = line;
    lane->active = 1;
}

/// Feeds the lane's last bytes (fewer than eight, or any number when it runs alone) and the closing
/// `}`, and stores the final checksum.
CCRC32C_TARGET
static inline void ccrc32c_lane_finish(ccrc32c_lane *lane, uint32_t *checksums) {
    uint32_t crc = ccrc32c_update_hardware(lane->crc, lane->at, lane->left);
    checksums[lane->line] = CCRC32C_U8(crc, '}') ^ 0xFFFFFFFFu;
    lane->active = 0;
}

CCRC32C_TARGET
size_t ccrc32c_split_lines_hardware(const void *bytes, size_t count, size_t suffix, size_t capacity,
                                    size_t *ends, uint32_t *checksums) {
    const unsigned char *base = (const unsigned char *)bytes;
    size_t found = 0;
    size_t from = 0;
    while (found < capacity && from < count) {
        const unsigned char *feed = memchr(base + from, '\n', count - from);
        if (feed == NULL) break;
        ends[found++] = (size_t)(feed - base);
        from = (size_t)(feed - base) + 1;
    }
    // A line's checksum is a chain of instructions each waiting three cycles for the one before;
    // three lines' chains interleaved keep the unit busy every cycle, with no joining afterwards
    // (each line has its own checksum). A lane whose line ends takes the next line.
    ccrc32c_lane lanes[3];
    size_t next = 0;
    for (int k = 0; k < 3; k++) ccrc32c_lane_load(&lanes[k], &next, found, base, ends, suffix);
    while (lanes[0].active && lanes[1].active && lanes[2].active) {
        size_t shortest = lanes[0].left;
        if (lanes[1].left < shortest) shortest = lanes[1].left;
        if (lanes[2].left < shortest) shortest = lanes[2].left;
        size_t words = shortest / 8;
        uint32_t first = lanes[0].crc, second = lanes[1].crc, third = lanes[2].crc;
        const unsigned char *a = lanes[0].at, *b = lanes[1].at, *c = lanes[2].at;
        for (size_t word = 0; word < words; word++) {
            first = CCRC32C_U64(first, ccrc32c_load64(a));
            second = CCRC32C_U64(second, ccrc32c_load64(b));
            third = CCRC32C_U64(third, ccrc32c_load64(c));
            a += 8;
            b += 8;
            c += 8;
        }
        lanes[0].crc = first;
        lanes[1].crc = second;
        lanes[2].crc = third;
        lanes[0].at = a;
        lanes[1].at = b;
        lanes[2].at = c;
        for (int k = 0; k < 3; k++) {
            lanes[k].left -= 8 * words;
            if (lanes[k].left < 8) {
                ccrc32c_lane_finish(&lanes[k], checksums);
                ccrc32c_lane_load(&lanes[k], &next, found, base, ends, suffix);
            }
        }
    }
    for (int k = 0; k < 3; k++) {
        if (lanes[k].active) ccrc32c_lane_finish(&lanes[k], checksums);
    }
    return found;
}

#else

int ccrc32c_hardware_available(void) { return 0; }

uint32_t ccrc32c_update_hardware(uint32_t crc, const void *bytes, size_t count) {
    (void)bytes;
    (void)count;
    return crc;
}

size_t ccrc32c_split_lines_hardware(const void *bytes, size_t count, size_t suffix, size_t capacity,
                                    size_t *ends, uint32_t *checksums) {
    (void)bytes;
    (void)count;
    (void)suffix;
    (void)capacity;
    (void)ends;
    (void)checksums;
    return 0;
}

#endif
