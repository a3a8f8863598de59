/* MariaDB Connector/C's functions d2t calls, each forwarding to the library loaded on
   first use (ClientLibrary.h). A function the adaptor starts to use is added here with
   the signature of mysql.h, or the link fails naming it. */
#include <mariadb/mysql.h>

#include "ClientLibraries.h"
#include "ClientLibrary.h"

static d2t_client_library libmariadb = {.file = "libmariadb.so.3", .package = "libmariadb3"};

const char *d2t_load_libmariadb(void) { return d2t_client_library_load(&libmariadb); }

D2T_FORWARD_VOID(libmariadb, mysql_close, (MYSQL *sock), (sock))
D2T_FORWARD(libmariadb, unsigned int, mysql_errno, (MYSQL *mysql), (mysql))
D2T_FORWARD(libmariadb, const char *, mysql_error, (MYSQL *mysql), (mysql))
D2T_FORWARD(libmariadb, MYSQL_FIELD *, mysql_fetch_fields, (MYSQL_RES *res), (res))
D2T_FORWARD_VOID(libmariadb, mysql_free_result, (MYSQL_RES *result), (result))
D2T_FORWARD(libmariadb, my_socket, mysql_get_socket, (MYSQL *mysql), (mysql))
D2T_FORWARD(libmariadb, const char *, mysql_get_ssl_cipher, (MYSQL *mysql), (mysql))
D2T_FORWARD(libmariadb, MYSQL *, mysql_init, (MYSQL *mysql), (mysql))
D2T_FORWARD(libmariadb, int, mysql_next_result, (MYSQL *mysql), (mysql))
D2T_FORWARD(libmariadb, unsigned int, mysql_num_fields, (MYSQL_RES *res), (res))
D2T_FORWARD(libmariadb, int, mysql_options, (MYSQL *mysql, enum mysql_option option, const void *arg), (mysql, option, arg))
D2T_FORWARD(libmariadb, int, mysql_query, (MYSQL *mysql, const char *q), (mysql, q))
D2T_FORWARD(libmariadb, MYSQL *, mysql_real_connect, (MYSQL *mysql, const char *host, const char *user, const char *passwd, const char *db, unsigned int port, const char *unix_socket, unsigned long clientflag), (mysql, host, user, passwd, db, port, unix_socket, clientflag))
D2T_FORWARD(libmariadb, int, mysql_real_query, (MYSQL *mysql, const char *q, unsigned long length), (mysql, q, length))
D2T_FORWARD(libmariadb, const char *, mysql_sqlstate, (MYSQL *mysql), (mysql))
D2T_FORWARD(libmariadb, unsigned long long, mysql_stmt_affected_rows, (MYSQL_STMT *stmt), (stmt))
D2T_FORWARD(libmariadb, my_bool, mysql_stmt_attr_set, (MYSQL_STMT *stmt, enum enum_stmt_attr_type attr_type, const void *attr), (stmt, attr_type, attr))
D2T_FORWARD(libmariadb, my_bool, mysql_stmt_bind_param, (MYSQL_STMT *stmt, MYSQL_BIND *bnd), (stmt, bnd))
D2T_FORWARD(libmariadb, my_bool, mysql_stmt_bind_result, (MYSQL_STMT *stmt, MYSQL_BIND *bnd), (stmt, bnd))
D2T_FORWARD(libmariadb, my_bool, mysql_stmt_close, (MYSQL_STMT *stmt), (stmt))
D2T_FORWARD(libmariadb, unsigned int, mysql_stmt_errno, (MYSQL_STMT *stmt), (stmt))
D2T_FORWARD(libmariadb, const char *, mysql_stmt_error, (MYSQL_STMT *stmt), (stmt))
D2T_FORWARD(libmariadb, int, mysql_stmt_execute, (MYSQL_STMT *stmt), (stmt))
D2T_FORWARD(libmariadb, int, mysql_stmt_fetch, (MYSQL_STMT *stmt), (stmt))
D2T_FORWARD(libmariadb, int, mysql_stmt_fetch_column, (MYSQL_STMT *stmt, MYSQL_BIND *bind_arg, unsigned int column, unsigned long offset), (stmt, bind_arg, column, offset))
D2T_FORWARD(libmariadb, my_bool, mysql_stmt_free_result, (MYSQL_STMT *stmt), (stmt))
D2T_FORWARD(libmariadb, MYSQL_STMT *, mysql_stmt_init, (MYSQL *mysql), (mysql))
D2T_FORWARD(libmariadb, my_bool, mysql_stmt_more_results, (MYSQL_STMT *stmt), (stmt))
D2T_FORWARD(libmariadb, int, mysql_stmt_next_result, (MYSQL_STMT *stmt), (stmt))
D2T_FORWARD(libmariadb, int, mysql_stmt_prepare, (MYSQL_STMT *stmt, const char *query, unsigned long length), (stmt, query, length))
D2T_FORWARD(libmariadb, MYSQL_RES *, mysql_stmt_result_metadata, (MYSQL_STMT *stmt), (stmt))
D2T_FORWARD(libmariadb, const char *, mysql_stmt_sqlstate, (MYSQL_STMT *stmt), (stmt))
D2T_FORWARD(libmariadb, int, mysql_stmt_store_result, (MYSQL_STMT *stmt), (stmt))
D2T_FORWARD(libmariadb, MYSQL_RES *, mysql_store_result, (MYSQL *mysql), (mysql))
D2T_FORWARD(libmariadb, unsigned long, mysql_thread_id, (MYSQL *mysql), (mysql))
D2T_FORWARD(libmariadb, unsigned int, mysql_warning_count, (MYSQL *mysql), (mysql))
