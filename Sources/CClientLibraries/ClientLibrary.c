#include "ClientLibrary.h"

#include <dlfcn.h>
#include <openssl/crypto.h>
#include <stdint.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;

/* A library that brought OpenSSL with it (libpq does; libcrypto is it) is told, before
   anything in it uses OpenSSL, not to clean OpenSSL up at exit: d2t may quit while a
   connection still opens on another thread (the second connection begun after the first
   frame, an attempt given up with Esc), and OpenSSL's atexit clean-up freed what that
   thread's SCRAM exchange was using (a segmentation fault after the terminal was
   restored). The process's end frees everything anyway. */
static void keep_openssl_until_exit(void *handle) {
  int (*init)(uint64_t, const OPENSSL_INIT_SETTINGS *) =
      (int (*)(uint64_t, const OPENSSL_INIT_SETTINGS *))dlsym(handle, "OPENSSL_init_crypto");
  if (init) init(OPENSSL_INIT_NO_ATEXIT, NULL);
}

const char *d2t_client_library_load(d2t_client_library *library) {
  pthread_mutex_lock(&loading);
  if (library->state == 0) {
    library->handle = dlopen(library->file, RTLD_NOW | RTLD_GLOBAL);
    if (library->handle) {
      keep_openssl_until_exit(library->handle);
      library->state = 1;
    } else {
      const char *reason = dlerror();
      snprintf(library->error, sizeof library->error, "%s cannot be loaded (install the %s package): %s",
               library->file, library->package, reason ? reason : "not found");
      library->state = 2;
    }
  }
  const char *result = library->state == 1 ? NULL : library->error;
  pthread_mutex_unlock(&loading);
  return result;
}

void *d2t_client_library_symbol(d2t_client_library *library, void **cache, const char *name) {
  void *known = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
  if (known) return known;
  const char *problem = d2t_client_library_load(library);
  void *symbol = problem ? NULL : dlsym(library->handle, name);
  if (!symbol) {
    char message[768];
    int length = snprintf(message, sizeof message, "d2t: %s: %s\n", name,
                          problem ? problem : "not in the library");
    if (length > 0) write(2, message, (size_t)length < sizeof message ? (size_t)length : sizeof message - 1);
    abort();
  }
  __atomic_store_n(cache, symbol, __ATOMIC_RELEASE);
  return symbol;
}
