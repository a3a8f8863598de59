#ifndef D2T_CLIBPQ_SHIM_H
#define D2T_CLIBPQ_SHIM_H
#include <postgresql/libpq-fe.h>

/* The PG_DIAG_* codes are character literals that Swift cannot import. */
static const int CPQ_DIAG_SQLSTATE = PG_DIAG_SQLSTATE;
static const int CPQ_DIAG_MESSAGE_PRIMARY = PG_DIAG_MESSAGE_PRIMARY;
static const int CPQ_DIAG_MESSAGE_DETAIL = PG_DIAG_MESSAGE_DETAIL;
static const int CPQ_DIAG_MESSAGE_HINT = PG_DIAG_MESSAGE_HINT;
static const int CPQ_DIAG_SCHEMA_NAME = PG_DIAG_SCHEMA_NAME;
static const int CPQ_DIAG_TABLE_NAME = PG_DIAG_TABLE_NAME;
static const int CPQ_DIAG_COLUMN_NAME = PG_DIAG_COLUMN_NAME;
static const int CPQ_DIAG_CONSTRAINT_NAME = PG_DIAG_CONSTRAINT_NAME;
static const int CPQ_DIAG_STATEMENT_POSITION = PG_DIAG_STATEMENT_POSITION;
#endif
