// The system's hashing: OpenSSL's libcrypto (which libpq links already) for digests and
// PBKDF2, libxcrypt for crypt(3) password hashes (bcrypt, sha512-crypt, yescrypt).
// libcrypto is not linked: CClientLibraries loads it on first use and defines the
// functions d2t calls.
#include <openssl/evp.h>
#include <crypt.h>
