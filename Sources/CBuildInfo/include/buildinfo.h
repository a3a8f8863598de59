#ifndef D2T_BUILDINFO_H
#define D2T_BUILDINFO_H

/// The commit the binary was built from, as `scripts/install` and `scripts/package` pass it
/// (`-Xcc -DD2T_COMMIT="…"`); empty for a development build.
const char *d2t_build_commit(void);

#endif
