/* The few libcrypto functions d2t's login page calls (digests, PBKDF2, constant-time
   comparison), each forwarding to the library loaded on first use (ClientLibrary.h):
   linking it loaded OpenSSL at every start, 1 ms and 1.5 MB of a session that never
   checks a password. libpq loads it for its own connections anyway. */
#include <openssl/crypto.h>
#include <openssl/evp.h>

#include "ClientLibraries.h"
#include "ClientLibrary.h"

static d2t_client_library libcrypto = {.file = "libcrypto.so.3", .package = "libssl3"};

const char *d2t_load_libcrypto(void) { return d2t_client_library_load(&libcrypto); }

D2T_FORWARD(libcrypto, int, CRYPTO_memcmp, (const void *in_a, const void *in_b, size_t len), (in_a, in_b, len))
D2T_FORWARD(libcrypto, int, EVP_Digest, (const void *data, size_t count, unsigned char *md, unsigned int *size, const EVP_MD *type, ENGINE *impl), (data, count, md, size, type, impl))
D2T_FORWARD(libcrypto, const EVP_MD *, EVP_md5, (void), ())
D2T_FORWARD(libcrypto, const EVP_MD *, EVP_sha1, (void), ())
D2T_FORWARD(libcrypto, const EVP_MD *, EVP_sha256, (void), ())
D2T_FORWARD(libcrypto, int, PKCS5_PBKDF2_HMAC, (const char *pass, int passlen, const unsigned char *salt, int saltlen, int iter, const EVP_MD *digest, int keylen, unsigned char *out), (pass, passlen, salt, saltlen, iter, digest, keylen, out))
