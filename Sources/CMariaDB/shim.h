#ifndef D2T_CMARIADB_SHIM_H
#define D2T_CMARIADB_SHIM_H
#include <mariadb/mysql.h>

/* my_bool is char in Connector/C; these give Swift the flag values it uses as such. */
static inline my_bool cmariadb_true(void) { return 1; }
#endif
