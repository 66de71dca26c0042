// libpq, PostgreSQL's client library (Debian: libpq-dev, headers in /usr/include/postgresql).
// Only LedgerStore's PostgreSQL files import this module.
#include <libpq-fe.h>
