// The system's hashing: OpenSSL's libcrypto (which libpq links already) for digests and
// PBKDF2, libxcrypt for crypt(3) password hashes (bcrypt, sha512-crypt, yescrypt).
#include <openssl/evp.h>
#include <crypt.h>
