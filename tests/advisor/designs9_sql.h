/* The designs of designs9.md (E55-E60) as the tests read them: each
 * design's schema and weighted workload, verbatim from designs9/, and where
 * the advice rewrites statements, the design applied back (designs9/applied
 * as the tests apply it). One copy for every suite that runs them
 * (test_designs9, test_index_hot, test_designs5). */
#ifndef KP_TEST_DESIGNS9_SQL_H
#define KP_TEST_DESIGNS9_SQL_H

extern const char e55_schema[];
extern const char e55_workload[];
extern const char e56_schema[];
extern const char e56_workload[];
extern const char e57_schema[];
extern const char e57_workload[];
extern const char e58_schema[];
extern const char e58_workload[];
extern const char e59_schema[];
extern const char e59_workload[];
extern const char e56_applied_schema[];
extern const char e56_applied_workload[];
extern const char e59_applied_schema[];
extern const char e59_applied_workload[];
extern const char e60_schema[];
extern const char e60_workload[];
extern const char e60_applied_schema[];
extern const char e60_applied_workload[];

#endif
