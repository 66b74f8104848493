/* The report's colour map: viridis, computed from its published design
 * (a Bezier curve in the CAM02-UCS colour space), not copied as a table.
 * Perceptually uniform (equal steps of value look like equal steps of
 * colour), readable by the common colour-vision deficiencies and in
 * greyscale (its lightness rises monotonically). */
#ifndef KP_SIMULATE_SIM_PALETTE_H
#define KP_SIMULATE_SIM_PALETTE_H

/* Colours in the table: as many as matplotlib's viridis has. */
#define KP_SIM_PALETTE_N 256

typedef struct kp_sim_palette {
	unsigned char rgb[KP_SIM_PALETTE_N][3]; /* sRGB, 8 bits a channel;
	                                           entry 0 the darkest */
} kp_sim_palette;

/* Fills p: entry i is viridis at position i / (KP_SIM_PALETTE_N - 1). */
void kp_sim_palette_viridis(kp_sim_palette *p);

#endif
