#ifndef CZONEINFOBUNDLE_H
#define CZONEINFOBUNDLE_H

// The zone snapshot written by `dnd bundle` (ZoneBundle in ZoneInfo reads the format), in
// ZoneInfoBundleData.c, which `dnd bundle` generates.
extern const unsigned char dndkit_zone_bundle[];
extern const unsigned long dndkit_zone_bundle_size;

// The snapshot's first byte: Swift does not import arrays of unknown size.
static inline const unsigned char *dndkit_zone_bundle_start(void) { return dndkit_zone_bundle; }

#endif
