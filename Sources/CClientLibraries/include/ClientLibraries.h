#ifndef D2T_CLIENT_LIBRARIES_H
#define D2T_CLIENT_LIBRARIES_H

/* libpq and libmariadb are loaded when a connection first needs them, not when d2t
   starts: loading them (and Kerberos, LDAP and GnuTLS with them) took 6 ms and 4 MB of
   every start, SQLite's too. Each returns NULL once the library is loaded, else why it
   could not be (the message names the file). Call before any function of the library. */
const char *d2t_load_libpq(void);
const char *d2t_load_libmariadb(void);
/* libcrypto, for the login page's digests and PBKDF2 (libpq loads it for itself). */
const char *d2t_load_libcrypto(void);

#endif
