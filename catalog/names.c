/* Names in the catalog: how they compare (ignoring ASCII case, or byte for
 * byte on targets whose names are case-sensitive), and a table's columns
 * and indexes found by name. */
#include "catalog/catalog.h"
#include "catalog/catalogInt.h"

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

/* Names compare without regard to ASCII case, as in Lindorm and MySQL. */
int kpc_name_eq(const char *a, const char *b, uint32_t blen)
{
	uint32_t i = 0;
	for (; i < blen; i++)
		if (!a[i] || lower((unsigned char)a[i]) != lower((unsigned char)b[i]))
			return 0;
	return a[i] == 0;
}

/* A table's columns by name: open addressing with linear probing, at most
 * half full. Hand-written rather than from a library: it is one array of
 * small integers on the hottest path (every column reference of every
 * statement, and the advisor's plans), built once per table in the
 * catalog's arena; glibc's hsearch keeps one global table, and a general
 * map (GLib's GHashTable) would be a new dependency that allocates per
 * entry and calls through function pointers for what a loop does here. */
struct kp_colhash {
	const kp_column *cols;  /* the columns it indexes (a table's copy has its own) */
	int ncols;              /* their number when it was built */
	uint32_t mask;          /* slots - 1, slots a power of two */
	int32_t slot[];         /* column index + 1; 0: empty */
};

void kpc_hash_columns(kp_catalog *c, kp_table *t)
{
	uint32_t cap = 8;
	while (cap < (uint32_t)t->ncols * 2)
		cap *= 2;
	kp_colhash *h = kp_arena_alloc(&c->arena, sizeof(*h) + sizeof(int32_t) * cap);
	h->cols = t->cols;
	h->ncols = t->ncols;
	h->mask = cap - 1;
	/* every column, dropped ones too: a lookup skips them, and ALTER ...
	 * DROP COLUMN only flags them */
	for (int i = 0; i < t->ncols; i++) {
		uint32_t k = kpc_name_hash(t->cols[i].name, t->cols[i].name_len) & h->mask;
		while (h->slot[k])
			k = (k + 1) & h->mask;
		h->slot[k] = i + 1;
	}
	t->colhash = h;
}

static bool column_is(const kp_table *t, int i, const char *name, uint32_t len)
{
	return t->cols[i].name_len == len && !t->cols[i].dropped &&
	       kpc_names_eq(t->exact_names, t->cols[i].name, name, len);
}

int kp_table_column(const kp_table *t, const char *name, uint32_t len)
{
	const kp_colhash *h = t->colhash;
	if (h && h->cols == t->cols && h->ncols == t->ncols) {
		/* names are unique among a table's live columns (CREATE and
		 * ALTER refuse a second one), so the first match is the one */
		for (uint32_t k = kpc_name_hash(name, len) & h->mask; h->slot[k]; k = (k + 1) & h->mask)
			if (column_is(t, h->slot[k] - 1, name, len))
				return h->slot[k] - 1;
		return -1;
	}
	for (int i = 0; i < t->ncols; i++)
		if (column_is(t, i, name, len))
			return i;
	return -1;
}

int kp_table_column_in(const kp_table *t, const kp_name *family, const kp_name *name)
{
	for (int i = 0; i < t->ncols; i++)
		if (t->cols[i].name_len == name->len && !t->cols[i].dropped && t->cols[i].family &&
		    kpc_name_eq(t->cols[i].name, name->s, name->len) && kp_name_eq(family, t->cols[i].family))
			return i;
	return -1;
}

kp_index *kp_table_index(const kp_table *t, const char *name, uint32_t len)
{
	for (int i = 0; i < t->nindexes; i++)
		if (kpc_names_eq(t->exact_names, t->indexes[i]->name, name, len))
			return t->indexes[i];
	return NULL;
}

