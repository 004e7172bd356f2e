// The thread calls of CStateSync.h. The atomics are `static inline` in the header, for Swift to inline.
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif

#include "CStateSync.h"

#include <pthread.h>
#include <string.h>

int cstatesync_name_this_thread(const char *name) {
#if defined(__APPLE__)
    return pthread_setname_np(name);
#elif defined(__linux__)
    // The kernel keeps 16 bytes with the terminating zero; a longer name is refused (ERANGE), not cut.
    char short_name[16];
    strncpy(short_name, name, sizeof short_name - 1);
    short_name[sizeof short_name - 1] = '\0';
    return pthread_setname_np(pthread_self(), short_name);
#else
    (void)name;
    return 0;
#endif
}

size_t cstatesync_this_thread_stack_bytes(void) {
#if defined(__APPLE__)
    return pthread_get_stacksize_np(pthread_self());
#elif defined(__linux__)
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) return 0;
    size_t size = 0;
    pthread_attr_getstacksize(&attributes, &size);
    pthread_attr_destroy(&attributes);
    return size;
#else
    return 0;
#endif
}
