// libxml2's SAX2 push parser over a file with empty callbacks: the floor for any reader streamed through it
// (docs/performance.md, camt). cc -O2 -I/usr/include/libxml2 scripts/bench/libxml2_floor.c -lxml2 -o /tmp/libxml2_floor
#include <libxml/parser.h>
#include <stdio.h>
#include <string.h>
static long starts, chars;
static void start(void *c, const xmlChar *l, const xmlChar *p, const xmlChar *u, int nn, const xmlChar **ns, int na, int nd, const xmlChar **a) { starts++; }
static void end(void *c, const xmlChar *l, const xmlChar *p, const xmlChar *u) {}
static void text(void *c, const xmlChar *ch, int len) { chars += len; }
int main(int argc, char **argv) {
    xmlSAXHandler sax; memset(&sax, 0, sizeof sax);
    sax.initialized = XML_SAX2_MAGIC; sax.startElementNs = start; sax.endElementNs = end; sax.characters = text;
    FILE *f = fopen(argv[1], "rb"); static char buf[256 * 1024]; size_t n = fread(buf, 1, 4, f);
    xmlParserCtxtPtr ctxt = xmlCreatePushParserCtxt(&sax, NULL, buf, (int)n, argv[1]);
    xmlCtxtUseOptions(ctxt, XML_PARSE_NONET | XML_PARSE_NOENT * 0);
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) if (xmlParseChunk(ctxt, buf, (int)n, 0)) return 1;
    xmlParseChunk(ctxt, NULL, 0, 1);
    printf("elements %ld text bytes %ld wellformed %d\n", starts, chars, ctxt->wellFormed);
    return 0;
}
