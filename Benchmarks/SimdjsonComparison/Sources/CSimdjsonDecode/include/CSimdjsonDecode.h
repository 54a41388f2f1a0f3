#ifndef CSIMDJSON_DECODE_H
#define CSIMDJSON_DECODE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Copies `count` documents (`bytes`, each ending where the next starts, at `offsets[i]` up to
/// `offsets[count]`) into simdjson's padded buffers; returns an opaque handle.
void *sj_prepare(const unsigned char *bytes, const size_t *offsets, size_t count);

/// Decodes every prepared document with simdjson On-Demand into a rule (two platform lists,
/// three switches, the DND rule's eight fields and its zone ID); returns a checksum, or -1 if
/// a document failed.
long sj_decode_all(void *prepared);

#ifdef __cplusplus
}
#endif

#endif
