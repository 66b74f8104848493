/* Phoenix multi-tenant tables (phoenix.apache.org/multi-tenancy.html): a
 * table declared MULTI_TENANT=true keeps each tenant's rows under the first
 * key column, the tenant id, which must stay first (Phoenix refuses such a
 * table otherwise), and every index on it is multi-tenant too, the tenant
 * leading its key (PHOENIX-2340: the tenant may be named, only first). The
 * rules propose keys and indexes led by the tenant; the judge drops any
 * candidate that would lose it. */
#include "advisor/advisorInt.h"

#include <strings.h>

int kpa_tenant_col(const kp_advisor *adv, const kp_table *t)
{
	if (!kpa_target(adv->target)->phoenix_rules || !t || t->pk.n < 2 || t->pk.parts[0].col < 0)
		return -1;
	const char *v = kp_table_option_get(t, "MULTI_TENANT");
	if (!v)
		v = kp_table_option_get(t, "multi_tenant");
	if (!v || strcasecmp(v, "true"))
		return -1;
	return t->pk.parts[0].col;
}

/* The first column of key k, past a salt byte Phoenix computes itself
 * (SALT_BUCKETS: a hash part over the whole key), or -1. */
static int lead_col(const kp_key *k, int buckets)
{
	int i = 0;
	if (buckets > 0 && k->n > 1 && k->parts[0].col < 0)
		i = 1;
	return i < k->n ? k->parts[i].col : -1;
}

bool kpa_loses_tenant(const kp_advisor *adv, const kp_advice *x)
{
	int tc = kpa_tenant_col(adv, x->table);
	if (tc < 0)
		return false;
	for (const kp_advice *y = x; y; y = y->with) {
		if (y->index && lead_col(&y->index->key, 0) != tc)
			return true;
		if (y->newkey && !y->index) {
			/* a salt Phoenix computes keeps the tenant first in its
			 * key; a hash or bucket the writer fills does not */
			bool phoenix_salt = !strcasecmp(y->kind, "salt_buckets") && kpa_target(adv->target)->max_salt_buckets;
			if (lead_col(y->newkey, phoenix_salt ? y->buckets : 0) != tc)
				return true;
		}
	}
	return false;
}
