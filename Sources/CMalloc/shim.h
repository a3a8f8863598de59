// glibc's malloc tuning (mallopt), which the Swift Glibc module leaves out: d2t limits the
// number of arenas as it starts (EarlyStart).
#include <malloc.h>
