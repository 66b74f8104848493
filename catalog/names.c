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

int kp_table_column(const kp_table *t, const char *name, uint32_t len)
{
	for (int i = 0; i < t->ncols; i++)
		if (t->cols[i].name_len == len && !t->cols[i].dropped && kpc_names_eq(t->exact_names, t->cols[i].name, name, len))
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

