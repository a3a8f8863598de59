#ifndef D2T_CLIENT_LIBRARY_H
#define D2T_CLIENT_LIBRARY_H

/* One shared library opened on first use (`dlopen`), and its functions looked up. */
typedef struct d2t_client_library {
  const char *file;       /* the soname, e.g. libpq.so.5 */
  const char *package;    /* the Debian package that has it, for the message */
  void *handle;
  char error[512];
  int state;              /* 0 not tried, 1 loaded, 2 failed */
} d2t_client_library;

/* Opens the library once; NULL when loaded, else the message. Thread-safe. */
const char *d2t_client_library_load(d2t_client_library *library);

/* The address of `name` in the loaded library, looked up once and kept in `*cache`
   (thread-safe). A function reached before its library is loaded, or missing from it, ends
   the process with a message: the adaptors load the library before any call, so this is a
   bug, never a user's input. */
void *d2t_client_library_symbol(d2t_client_library *library, void **cache, const char *name);

/* Defines `name` with the library's signature as a call of the function looked up once. */
#define D2T_FORWARD(library, ret, name, params, args)                                     \
  ret name params {                                                                      \
    static void *real;                                                                   \
    return ((ret(*) params)d2t_client_library_symbol(&library, &real, #name)) args;       \
  }

#define D2T_FORWARD_VOID(library, name, params, args)                                     \
  void name params {                                                                     \
    static void *real;                                                                   \
    ((void(*) params)d2t_client_library_symbol(&library, &real, #name)) args;             \
  }

#endif
