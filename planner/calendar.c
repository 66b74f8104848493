/* Rounding a time to a calendar unit as Phoenix does it for FLOOR, CEIL,
 * ROUND and TRUNC with 'WEEK', 'MONTH' or 'YEAR': Joda's fields of
 * GJChronology in UTC (FloorMonthExpression, RoundWeekExpression, ...:
 * roundFloorCopy, roundCeilingCopy, roundHalfEvenCopy), and the inputs
 * that round to a value (rangeLower, rangeUpper, DateUtil.rangeJodaHalfEven).
 * A week starts on Monday (weekOfWeekyear); months and years have their
 * calendar lengths. Only times from 1970 on are served (keyfunc.c), where
 * GJChronology is the Gregorian calendar. */
#include "planner/planInt.h"

#define DAY_MS 86400000LL

/* Days since 1970-01-01 of y-m-d in the proleptic Gregorian calendar
 * (m from 1; a month past 12 or before 1 carries into the year). */
static int64_t days_of(int64_t y, int64_t m, int64_t d)
{
	y += (m - 1) / 12;
	m = (m - 1) % 12 + 1;
	if (m <= 0) {
		m += 12;
		y--;
	}
	y -= m <= 2;
	int64_t era = (y >= 0 ? y : y - 399) / 400;
	int64_t yoe = y - era * 400;
	int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* The year and month (from 1) of day z since 1970-01-01. */
static void civil_of(int64_t z, int64_t *y, int64_t *m)
{
	z += 719468;
	int64_t era = (z >= 0 ? z : z - 146096) / 146097;
	int64_t doe = z - era * 146097;
	int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	int64_t mp = (5 * doy + 2) / 153;
	*m = mp < 10 ? mp + 3 : mp - 9;
	*y = yoe + era * 400 + (*m <= 2);
}

static int64_t floor_div(int64_t a, int64_t b)
{
	int64_t q = a / b;
	return q - (a % b != 0 && (a < 0) != (b < 0));
}

/* The start of the unit t lies in (roundFloor). */
static int64_t unit_floor(kp_cal_unit u, int64_t t)
{
	int64_t day = floor_div(t, DAY_MS), y, m;
	switch (u) {
	case KP_CAL_WEEK:   /* 1970-01-01 was a Thursday: Monday is 3 days before */
		return (day - (int64_t)((day + 3) % 7 + 7) % 7) * DAY_MS;
	case KP_CAL_MONTH:
		civil_of(day, &y, &m);
		return days_of(y, m, 1) * DAY_MS;
	default:
		civil_of(day, &y, &m);
		return days_of(y, 1, 1) * DAY_MS;
	}
}

/* k units after the start of a unit s. */
static int64_t unit_add(kp_cal_unit u, int64_t s, int64_t k)
{
	int64_t y, m;
	if (u == KP_CAL_WEEK)
		return s + k * 7 * DAY_MS;
	civil_of(floor_div(s, DAY_MS), &y, &m);
	return u == KP_CAL_MONTH ? days_of(y, m + k, 1) * DAY_MS : days_of(y + k, 1, 1) * DAY_MS;
}

static int64_t unit_ceil(kp_cal_unit u, int64_t t)
{
	int64_t f = unit_floor(u, t);
	return f == t ? t : unit_add(u, f, 1);
}

/* The value of the unit's field at the start of a unit s (Joda's get):
 * the ISO week of the year, the month, the year. */
static int64_t unit_number(kp_cal_unit u, int64_t s)
{
	int64_t y, m, day = floor_div(s, DAY_MS);
	if (u == KP_CAL_WEEK) {
		/* an ISO week belongs to the year of its Thursday */
		int64_t thu = day + 3;
		civil_of(thu, &y, &m);
		return (thu - days_of(y, 1, 1)) / 7 + 1;
	}
	civil_of(day, &y, &m);
	return u == KP_CAL_MONTH ? m : y;
}

/* Joda's roundHalfEven: the nearer of floor and ceiling; on a tie the one
 * whose field is even, the ceiling if both are. */
static int64_t half_even(kp_cal_unit u, int64_t t)
{
	int64_t f = unit_floor(u, t), c = unit_ceil(u, t);
	if (t - f != c - t)
		return t - f < c - t ? f : c;
	return unit_number(u, c) % 2 == 0 ? c : f;
}

int64_t kp_cal_round(kp_cal_unit u, kp_round_mode mode, int64_t t)
{
	switch (mode) {
	case KP_ROUND_FLOOR: return unit_floor(u, t);
	case KP_ROUND_CEIL: return unit_ceil(u, t);
	default: return half_even(u, t);
	}
}

/* DateUtil.rangeJodaHalfEven: the end, inside the unit starting at r, of
 * the inputs that round to r, towards the neighbour o. */
static int64_t half_even_edge(kp_cal_unit u, int64_t r, int64_t o)
{
	int64_t mid = (r + o) / 2, rem = (r + o) % 2;
	bool even = unit_number(u, r) % 2 == 0;
	if (rem == 0) {
		if (o > r)
			return even ? mid : mid - 1;
		return even ? mid : mid + 1;
	}
	return o > r ? mid : mid + 1;
}

int64_t kp_cal_lower(kp_cal_unit u, kp_round_mode mode, int64_t t)
{
	switch (mode) {
	case KP_ROUND_FLOOR: return unit_floor(u, t);
	case KP_ROUND_CEIL: return unit_floor(u, t - 1) + 1;
	default: {
		int64_t r = half_even(u, t);
		return half_even_edge(u, r, unit_add(u, r, -1));
	}
	}
}

int64_t kp_cal_upper(kp_cal_unit u, kp_round_mode mode, int64_t t)
{
	switch (mode) {
	case KP_ROUND_FLOOR: return unit_ceil(u, t + 1) - 1;
	case KP_ROUND_CEIL: return unit_ceil(u, t);
	default: {
		int64_t r = half_even(u, t);
		return half_even_edge(u, r, unit_add(u, r, 1));
	}
	}
}
