#include <sqlite3.h>

/* sqlite3_config is variadic, which Swift can't call: one wrapper for the one option ledgerport sets. */
static inline int ledgerport_sqlite3_config_memstatus(int on) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}

/* sqlite3_db_config is variadic too: turns one connection's triggers off or on
   (SQLITE_DBCONFIG_ENABLE_TRIGGER); statements prepared before are prepared again when next run. */
static inline int ledgerport_sqlite3_enable_triggers(sqlite3 *db, int enabled) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, enabled, (int *)0);
}
