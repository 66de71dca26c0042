// libxml2 for the shared XML reader (XMLStream), the only module that calls xml*.
//
// xmlversion.h comes first so that LIBXML_ICU_ENABLED can be switched off before any other
// libxml2 header pulls in ICU: ICU's types would clash with Foundation's own ICU module
// ("'UErrorCode' has different definitions in different modules").
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
