#include <sqlite3.h>

/* sqlite3_config is variadic, which Swift can't call: one wrapper for the one option ledgerport sets. */
static inline int ledgerport_sqlite3_config_memstatus(int on) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}
