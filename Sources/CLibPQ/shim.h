// libpq, PostgreSQL's client library (Debian: libpq-dev, headers in /usr/include/postgresql): its
// types and constants only. Nothing links it; LedgerStore's LibPQ.swift opens libpq.so.5 with
// dlopen when a PostgreSQL ledger is first used and looks up each function it calls.
// Only LedgerStore's PostgreSQL files import this module.
#include <postgresql/libpq-fe.h>
