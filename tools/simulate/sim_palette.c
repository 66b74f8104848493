/* Viridis, computed the way its authors defined it.
 *
 * Source: viridis is "option D" of Nathaniel Smith and Stefan van der Walt's
 * matplotlib colour maps (2015), designed with their viscm tool; its
 * published parameters are in https://github.com/BIDS/colormap
 * (option_d.py, the parameters viscm reloads it from) and the construction
 * in https://github.com/matplotlib/viscm (README: "Reproducing viridis").
 *
 * The design: six control points of a Bezier curve in the (a', b') plane of
 * CAM02-UCS (Luo, Cui and Li, "Uniform colour spaces based on CIECAM02
 * colour appearance model", Color Res. Appl. 31, 2006), the curve taken
 * at equal steps of its arc length, and lightness J' rising linearly from
 * 18.87 to 92.5 along it. Each point is turned into sRGB through CIECAM02
 * (CIE 159:2004; the inverse model of Li and Luo) under sRGB's viewing
 * conditions as viscm assumed them when viridis was designed: D65 white,
 * Y_b = 20, average surround and L_A = (64 / pi) * 5 (viscm's README says
 * the intended / 5 was written * 5; the published colours are those of
 * * 5). sRGB per IEC 61966-2-1.
 *
 * The unit test compares the result with matplotlib's published values. */
#include "tools/simulate/sim_palette.h"

#include <math.h>
#include <stddef.h>

/* option_d.py's control points: a' (xp), b' (yp) and the lightness range */
static const double ctrl_a[6] = {22.674387857633945, 11.221508276482126, -14.356589454756971,
                                 -47.18817758739222, -34.59001004812521, -6.0516291196352654};
static const double ctrl_b[6] = {-20.102530541012214, -33.08246073298429, -42.24476439790574,
                                 -5.595549738219887, 42.5065445026178, 40.13395157135497};
static const double min_jp = 18.8671875, max_jp = 92.5;

/* the curve at parameter t: Bernstein polynomials of degree 5 */
static void bezier(double t, double *a, double *b)
{
	static const double binom[6] = {1, 5, 10, 10, 5, 1};
	*a = *b = 0;
	for (int i = 0; i < 6; i++) {
		double w = binom[i] * pow(t, i) * pow(1 - t, 5 - i);
		*a += w * ctrl_a[i];
		*b += w * ctrl_b[i];
	}
}

static void mat3(const double m[3][3], const double v[3], double out[3])
{
	for (int i = 0; i < 3; i++)
		out[i] = m[i][0] * v[0] + m[i][1] * v[1] + m[i][2] * v[2];
}

/* CIE 159:2004's matrices: CAT02 and Hunt-Pointer-Estevez */
static const double m_cat02[3][3] = {
	{0.7328, 0.4296, -0.1624}, {-0.7036, 1.6975, 0.0061}, {0.0030, 0.0136, 0.9834}};
static const double m_hpe[3][3] = {
	{0.38971, 0.68898, -0.07868}, {-0.22981, 1.18340, 0.04641}, {0, 0, 1}};
/* IEC 61966-2-1's XYZ to linear sRGB */
static const double m_srgb[3][3] = {
	{3.2406, -1.5372, -0.4986}, {-0.9689, 1.8758, 0.0415}, {0.0557, -0.2040, 1.0570}};

static const double pi = 3.14159265358979323846;

/* the inverse of m, by cofactors (the matrices here are well conditioned) */
static void mat3_inverse(const double m[3][3], double out[3][3])
{
	double det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
	             m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
	             m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++) {
			int r0 = (j + 1) % 3, r1 = (j + 2) % 3, c0 = (i + 1) % 3, c1 = (i + 2) % 3;
			out[i][j] = (m[r0][c0] * m[r1][c1] - m[r0][c1] * m[r1][c0]) / det;
		}
}

typedef struct viewing {
	double d_rgb[3], f_l, n, z, n_bb, a_w, c, n_c;
	double m_cat02_inv[3][3], m_hpe_inv[3][3];
} viewing;

static double adapt(double f_l, double x)
{
	double p = pow(f_l * fabs(x) / 100, 0.42);
	return copysign(400 * p / (27.13 + p), x) + 0.1;
}

static void viewing_init(viewing *v)
{
	const double white[3] = {95.047, 100.0, 108.883}; /* D65, Y = 100 */
	const double l_a = (64 / pi) * 5, y_b = 20;
	const double f = 1.0;                             /* average surround */
	mat3_inverse(m_cat02, v->m_cat02_inv);
	mat3_inverse(m_hpe, v->m_hpe_inv);
	v->c = 0.69;
	v->n_c = 1.0;
	double rgb_w[3];
	mat3(m_cat02, white, rgb_w);
	double d = f * (1 - (1 / 3.6) * exp((-l_a - 42) / 92));
	d = d < 0 ? 0 : d > 1 ? 1 : d;
	for (int i = 0; i < 3; i++)
		v->d_rgb[i] = d * white[1] / rgb_w[i] + 1 - d;
	double k = 1 / (5 * l_a + 1), k4 = k * k * k * k;
	v->f_l = 0.2 * k4 * (5 * l_a) + 0.1 * (1 - k4) * (1 - k4) * cbrt(5 * l_a);
	v->n = y_b / white[1];
	v->z = 1.48 + sqrt(v->n);
	v->n_bb = 0.725 * pow(1 / v->n, 0.2);
	double rgb_wc[3], xyz_wc[3], rgbp_w[3];
	for (int i = 0; i < 3; i++)
		rgb_wc[i] = v->d_rgb[i] * rgb_w[i];
	mat3(v->m_cat02_inv, rgb_wc, xyz_wc);
	mat3(m_hpe, xyz_wc, rgbp_w);
	double ra = adapt(v->f_l, rgbp_w[0]), ga = adapt(v->f_l, rgbp_w[1]), ba = adapt(v->f_l, rgbp_w[2]);
	v->a_w = (2 * ra + ga + ba / 20 - 0.305) * v->n_bb;
}

/* CIECAM02's J, M, h (degrees) back to XYZ (Y = 100 for the white) */
static void ciecam02_to_xyz(const viewing *v, double j, double m, double h, double xyz[3])
{
	double c = m / pow(v->f_l, 0.25);
	double t = pow(c / (sqrt(j / 100) * pow(1.64 - pow(0.29, v->n), 0.73)), 1 / 0.9);
	double hr = h * pi / 180;
	double e_t = 0.25 * (cos(hr + 2) + 3.8);
	double big_a = v->a_w * pow(j / 100, 1 / (v->c * v->z));
	double p2 = big_a / v->n_bb + 0.305, p3 = 21.0 / 20;
	double sh = sin(hr), ch = cos(hr), a = 0, b = 0;
	if (t > 0) {
		double p1 = (50000.0 / 13) * v->n_c * v->n_bb * e_t / t;
		if (fabs(sh) >= fabs(ch)) {
			double p4 = p1 / sh;
			b = p2 * (2 + p3) * (460.0 / 1403) /
			    (p4 + (2 + p3) * (220.0 / 1403) * (ch / sh) - 27.0 / 1403 + p3 * (6300.0 / 1403));
			a = b * ch / sh;
		} else {
			double p5 = p1 / ch;
			a = p2 * (2 + p3) * (460.0 / 1403) /
			    (p5 + (2 + p3) * (220.0 / 1403) - (27.0 / 1403 - p3 * (6300.0 / 1403)) * (sh / ch));
			b = a * sh / ch;
		}
	}
	double rgbp_a[3] = {(460 * p2 + 451 * a + 288 * b) / 1403, (460 * p2 - 891 * a - 261 * b) / 1403,
	                    (460 * p2 - 220 * a - 6300 * b) / 1403};
	double rgbp[3], rgb_c[3], xyz_c[3];
	for (int i = 0; i < 3; i++) {
		double x = rgbp_a[i] - 0.1;
		rgbp[i] = copysign(100 / v->f_l * pow(27.13 * fabs(x) / (400 - fabs(x)), 1 / 0.42), x);
	}
	mat3(v->m_hpe_inv, rgbp, xyz_c);
	mat3(m_cat02, xyz_c, rgb_c);
	for (int i = 0; i < 3; i++)
		rgb_c[i] /= v->d_rgb[i];
	mat3(v->m_cat02_inv, rgb_c, xyz);
}

static unsigned char srgb8(double linear)
{
	double s = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055;
	s = s < 0 ? 0 : s > 1 ? 1 : s;
	return (unsigned char)lround(s * 255);
}

/* CAM02-UCS (J', a', b') to 8-bit sRGB */
static void ucs_to_srgb(const viewing *v, double jp, double ap, double bp, unsigned char out[3])
{
	const double c1 = 0.007, c2 = 0.0228;
	double j = jp / (1 + 100 * c1 - c1 * jp);
	double mp = hypot(ap, bp);
	double m = (exp(c2 * mp) - 1) / c2;
	double h = atan2(bp, ap) * 180 / pi;
	if (h < 0)
		h += 360;
	double xyz[3], lin[3];
	ciecam02_to_xyz(v, j, m, h, xyz);
	for (int i = 0; i < 3; i++)
		xyz[i] /= 100;
	mat3(m_srgb, xyz, lin);
	for (int i = 0; i < 3; i++)
		out[i] = srgb8(lin[i]);
}

void kp_sim_palette_viridis(kp_sim_palette *p)
{
	enum { N = KP_SIM_PALETTE_N, GRID = 256 };
	/* the curve's arc length at GRID equal steps of t, as viscm measures
	 * it, then inverted by linear interpolation: position x of the map is
	 * the point at fraction x of the length */
	double t_at[GRID], len[GRID];
	double pa = 0, pb = 0;
	for (int i = 0; i < GRID; i++) {
		double a, b;
		t_at[i] = (double)i / (GRID - 1);
		bezier(t_at[i], &a, &b);
		len[i] = i ? len[i - 1] + hypot(a - pa, b - pb) : 0;
		pa = a;
		pb = b;
	}
	viewing v;
	viewing_init(&v);
	size_t seg = 0;
	for (int i = 0; i < N; i++) {
		double x = (double)i / (N - 1), target = x * len[GRID - 1];
		while (seg + 2 < GRID && len[seg + 1] < target)
			seg++;
		double span = len[seg + 1] - len[seg];
		double f = span > 0 ? (target - len[seg]) / span : 0;
		f = f < 0 ? 0 : f > 1 ? 1 : f;
		double t = t_at[seg] + f * (t_at[seg + 1] - t_at[seg]);
		double a, b;
		bezier(t, &a, &b);
		ucs_to_srgb(&v, min_jp + (max_jp - min_jp) * x, a, b, p->rgb[i]);
	}
}
