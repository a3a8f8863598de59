#include "buildinfo.h"

#ifndef D2T_COMMIT
#define D2T_COMMIT ""
#endif

const char *d2t_build_commit(void) { return D2T_COMMIT; }
