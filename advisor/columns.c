/* What a column's name and declared type say about it: whether it leads a
 * key into a write hotspot (monotonic, enum-like, shared-prefix names, in
 * snake_case or camelCase), whether a string holds numbers, and how wide
 * it is. Heuristics only: they read the schema, never the data. */
#include "advisor/advisorInt.h"

#include <ctype.h>
#include <limits.h>
#include <string.h>

void kpa_lower_copy(char *dst, const char *src, size_t n)
{
	size_t i = 0;
	for (; src[i] && i + 1 < n; i++)
		dst[i] = (char)tolower((unsigned char)src[i]);
	dst[i] = 0;
}

/* A column name in lower case with its camelCase words split by '_'
 * (createdAt -> created_at, orderNumber -> order_number), so the name
 * heuristics read both spellings. */
void kpa_name_words(char *dst, const char *src, size_t n)
{
	size_t j = 0;
	for (size_t i = 0; src[i] && j + 2 < n; i++) {
		unsigned char ch = (unsigned char)src[i];
		if (isupper(ch) && i > 0 && (islower((unsigned char)src[i - 1]) || isdigit((unsigned char)src[i - 1])))
			dst[j++] = '_';
		dst[j++] = (char)tolower(ch);
	}
	dst[j] = 0;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a >= b && strcmp(s + a - b, suffix) == 0;
}

static bool name_in(const char *lname, const char *const *list)
{
	for (int i = 0; list[i]; i++)
		if (strcmp(lname, list[i]) == 0)
			return true;
	return false;
}

static bool any_suffix(const char *lname, const char *const *list)
{
	for (int i = 0; list[i]; i++)
		if (ends_with(lname, list[i]))
			return true;
	return false;
}

/* Why a leading key column grows monotonically, or NULL. */
const char *kpa_monotonic_reason(const kp_column *c)
{
	static const char *const names[] = {"ts", "time", "timestamp", "date", "datetime", "created", "created_at",
	                                    "updated_at", "event_time", "log_time", "modified", "updated",
	                                    "last_modified", "last_write", "last_seen", "last_update", "last_updated",
	                                    "last_login", "day", "hour", "minute", "month", "dt", NULL};
	static const char *const suffixes[] = {"_time", "_ts", "_at", "_date", "_timestamp", "_day", "_hour",
	                                       "_minute", "_month", "_modified", "_seen", "_dt", NULL};
	/* an id or a sequence number grows only as a number a generator hands
	 * out: a string id is most often a UUID or a token */
	static const char *const numbers[] = {"id", "seq", "sequence", "order_number", "ordernumber", "orderno",
	                                      "order_no", "serial", "serial_no", NULL};
	static const char *const number_suffixes[] = {"_seq", NULL};
	char l[128];
	kpa_name_words(l, c->name, sizeof l);
	if (c->auto_increment)
		return "an AUTO_INCREMENT column";
	if (c->tclass == KP_T_TIME)
		return "a time column by its type";
	if (name_in(l, names) || any_suffix(l, suffixes))
		return "a time, sequence or id column by its name";
	if ((c->tclass == KP_T_INT || c->tclass == KP_T_REAL) && (name_in(l, numbers) || any_suffix(l, number_suffixes)))
		return "a time, sequence or id column by its name";
	return NULL;
}

/* A calendar unit (a day, an hour, a date): a monotonic column whose
 * writes at any one moment share one value, by its type (DATE) or name.
 * A hash or a bucket of it alone spreads nothing: every concurrent write
 * computes the same one (the hot region moves once a day, or an hour). */
bool kpa_coarse_time(const kp_column *c)
{
	static const char *const names[] = {"day", "hour", "minute", "month", "year", "date", "dt", NULL};
	static const char *const suffixes[] = {"_day", "_hour", "_minute", "_month", "_year", "_date", "_dt", NULL};
	char l[128];
	kpa_lower_copy(l, c->type_name ? c->type_name : "", sizeof l);
	if (!strcmp(l, "date"))
		return true;
	kpa_name_words(l, c->name, sizeof l);
	return name_in(l, names) || any_suffix(l, suffixes);
}

const char *kpa_enum_reason(const kp_column *c)
{
	static const char *const names[] = {"type", "status", "state", "kind", "category", "gender", "sex",
	                                    "flag", "level", "region", "country", "enabled", "deleted",
	                                    "severity", "priority", "tier", "role", "mode", "stage", "phase",
	                                    "visibility", "platform", "env", "environment", "lang", "language",
	                                    "currency", "channel", "grade", "log_level", "loglevel", NULL};
	static const char *const suffixes[] = {"_type", "_status", "_state", "_kind", "_flag", "_category",
	                                       "_level", "_severity", "_priority", "_tier", "_role", "_mode",
	                                       "_stage", "_phase", "_env", NULL};
	char l[128];
	kpa_name_words(l, c->name, sizeof l);
	if (c->tclass == KP_T_BOOL)
		return "a BOOLEAN";
	if (name_in(l, names) || any_suffix(l, suffixes) || strncmp(l, "is_", 3) == 0)
		return "an enum-like column by its name";
	return NULL;
}

const char *kpa_unique_name(const kp_column *c)
{
	/* a record locator (IATA's six-character PNR code), a UUID or GUID,
	 * a confirmation or booking reference: a value each record is given
	 * once, one row a value where it is the record's own */
	static const char *const names[] = {"locator", "record_locator", "pnr", "pnr_code", "uuid", "guid",
	                                    "confirmation_code", "confirmation_number", "booking_reference",
	                                    "booking_ref", NULL};
	static const char *const suffixes[] = {"_locator", "_uuid", "_guid", NULL};
	char l[128];
	kpa_name_words(l, c->name, sizeof l);
	if (c->tclass != KP_T_STRING && c->tclass != KP_T_OTHER && c->tclass != KP_T_BINARY)
		return NULL;
	if (name_in(l, names) || any_suffix(l, suffixes))
		return "a reference each record is given once by its name (a locator, a UUID)";
	return NULL;
}

double kpa_type_values(const kp_column *c)
{
	return c->tclass == KP_T_BOOL ? 2 : 0;
}

const char *kpa_prefix_reason(const kp_column *c)
{
	static const char *const names[] = {"phone", "mobile", "tel", "telephone", "phone_number", "msisdn",
	                                    "url", "uri", "domain", "host_url", NULL};
	static const char *const suffixes[] = {"_phone", "_mobile", "_tel", "_url", NULL};
	char l[128];
	kpa_name_words(l, c->name, sizeof l);
	if (c->tclass != KP_T_STRING && c->tclass != KP_T_INT)
		return NULL;
	if (name_in(l, names) || any_suffix(l, suffixes))
		return "values that share a fixed prefix (phone numbers, URLs)";
	return NULL;
}

bool kpa_numeric_string(const kp_column *c)
{
	static const char *const names[] = {"date", "day", "hour", "month", "year", "time", "ts", "dt",
	                                    "yyyymmdd", "yyyymmddhh", "number", "num", "no", NULL};
	static const char *const suffixes[] = {"_date", "_day", "_hour", "_month", "_year", "_time",
	                                       "_num", "_no", "_number", "_dt", NULL};
	char l[128];
	kpa_name_words(l, c->name, sizeof l);
	return c->tclass == KP_T_STRING && (name_in(l, names) || any_suffix(l, suffixes));
}

/* Fixed width in bytes of a column, or -1 for variable width. */
int kpa_fixed_width(const kp_column *c)
{
	char l[64];
	kpa_lower_copy(l, c->type_name, sizeof l);
	if (!strcmp(l, "tinyint") || !strcmp(l, "byte") || !strcmp(l, "boolean") || !strcmp(l, "bool"))
		return 1;
	if (!strcmp(l, "smallint") || !strcmp(l, "short"))
		return 2;
	if (!strcmp(l, "int") || !strcmp(l, "integer") || !strcmp(l, "float") || !strcmp(l, "date") ||
	    !strcmp(l, "mediumint"))
		return 4;
	if (c->tclass == KP_T_INT || c->tclass == KP_T_REAL || c->tclass == KP_T_TIME)
		return 8;
	if (!strcmp(l, "char") || !strcmp(l, "binary"))
		return c->length > 0 ? (int)c->length : 1;
	return -1;
}

uint32_t kpa_name_len(const kp_column *c)
{
	return (uint32_t)strlen(c->name) + (c->family ? (uint32_t)strlen(c->family) + 1 : 0);
}

/* Which leading columns are hot: used to keep a reordered key from bringing
 * a hotspot back. */
const char *kpa_hot_reason(const kp_column *c)
{
	const char *r = kpa_monotonic_reason(c);
	if (!r)
		r = kpa_enum_reason(c);
	if (!r)
		r = kpa_prefix_reason(c);
	return r;
}

/* Declared width in bytes of key k of t (hash parts add nothing), or -1
 * when a column has no bound; a sum past LLONG_MAX (VARCHAR(9223372036854775807)
 * twice) stays at LLONG_MAX, past every limit. */
long long kpa_key_width(const kp_table *t, const kp_key *k)
{
	long long width = 0;
	for (int i = 0; i < k->n; i++) {
		int ci = k->parts[i].col;
		if (ci < 0)
			continue;
		const kp_column *c = &t->cols[ci];
		int w = kpa_fixed_width(c);
		long long add;
		if (w >= 0)
			add = w;
		else if (c->length >= 0)
			add = c->length;
		else
			return -1;
		width = add > LLONG_MAX - width ? LLONG_MAX : width + add;
	}
	return width;
}
