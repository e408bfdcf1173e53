// The rule of this file: it changes nothing about what libcurl does but
// free what FoundationNetworking forgets to. Every call is passed on to
// libcurl's own function; the only difference is that a parsed URL handed
// to `curl_free` is cleaned up whole, as `curl_url_cleanup` would.
//
// Why: on Linux, FoundationNetworking (swift-corelibs-foundation, Swift
// 6.3.1) starts every URLSession task with CFURLSessionCurlHostIsEqual,
// which parses the task's URL into a `CURLU` with `curl_url()` and
// `curl_url_set()`, then releases it with `curl_free()`, a plain `free`:
// the scheme, host, port and path strings libcurl copied into the handle
// are never freed. 144 bytes of heap a request, for the life of the
// process (docs/BENCHMARKS.md, "Long use", with the upstream report).
//
// How: the executable defines `curl_url`, `curl_url_cleanup` and
// `curl_free` and exports them (Package.swift's linker flags), so the
// dynamic linker binds every library's calls to these; each passes on to
// libcurl's own (`dlsym(RTLD_NEXT, ...)`). `curl_url` notes the handles
// it made that are still alive, `curl_url_cleanup` forgets them, and
// `curl_free` of a noted handle cleans it up instead of freeing only its
// shell. Anything else given to `curl_free` is freed as before. When the
// toolchain is fixed (it calls `curl_url_cleanup`), nothing here changes
// what happens and `feedline_curl_handles_cleaned()` stays 0: delete the
// file then.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "CCurlHandles.h"

typedef struct FeedlineCurlURL CURLU;

static CURLU *(*libcurl_url)(void);
static void (*libcurl_url_cleanup)(CURLU *);
static void (*libcurl_free)(void *);
static pthread_once_t resolved = PTHREAD_ONCE_INIT;

static void resolve(void) {
    libcurl_url = (CURLU * (*)(void)) dlsym(RTLD_NEXT, "curl_url");
    libcurl_url_cleanup = (void (*)(CURLU *))dlsym(RTLD_NEXT, "curl_url_cleanup");
    libcurl_free = (void (*)(void *))dlsym(RTLD_NEXT, "curl_free");
}

// The parsed URLs alive now (libcurl keeps one per transfer, and
// CFURLSessionCurlHostIsEqual one for a moment). A handle made while every
// slot is taken is not noted: if it is then given to `curl_free`, it leaks
// as it did before, and nothing worse.
enum { slotCount = 256 };
static CURLU *alive[slotCount];
static long cleaned;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void note(CURLU *handle) {
    pthread_mutex_lock(&lock);
    for (int i = 0; i < slotCount; i++) {
        if (alive[i] == NULL) {
            alive[i] = handle;
            break;
        }
    }
    pthread_mutex_unlock(&lock);
}

/// Forgets `pointer` if it is a noted handle; returns whether it was.
static int forget(const void *pointer) {
    int found = 0;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < slotCount; i++) {
        if (alive[i] == pointer) {
            alive[i] = NULL;
            found = 1;
            break;
        }
    }
    pthread_mutex_unlock(&lock);
    return found;
}

CURLU *curl_url(void) {
    pthread_once(&resolved, resolve);
    if (libcurl_url == NULL) return NULL;
    CURLU *handle = libcurl_url();
    if (handle != NULL) note(handle);
    return handle;
}

void curl_url_cleanup(CURLU *handle) {
    pthread_once(&resolved, resolve);
    if (handle != NULL) forget(handle);
    if (libcurl_url_cleanup != NULL) libcurl_url_cleanup(handle);
}

void curl_free(void *pointer) {
    pthread_once(&resolved, resolve);
    if (pointer != NULL && forget(pointer) && libcurl_url_cleanup != NULL) {
        pthread_mutex_lock(&lock);
        cleaned += 1;
        pthread_mutex_unlock(&lock);
        libcurl_url_cleanup((CURLU *)pointer);
        return;
    }
    if (libcurl_free != NULL) libcurl_free(pointer);
}

long feedline_curl_handles_cleaned(void) {
    pthread_mutex_lock(&lock);
    long count = cleaned;
    pthread_mutex_unlock(&lock);
    return count;
}
