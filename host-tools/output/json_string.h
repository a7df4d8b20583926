/*
 * JSON that every reader takes: strings valid UTF-8 whatever the bytes
 * received (a byte that is not UTF-8 becomes U+FFFD), whole numbers beyond
 * 2^53 - 1 as strings of their digits. json_write_str() writes a string by
 * hand (the exports, the LAVA job); the json_safe_*() functions make the
 * same values as jansson values, for meta.json's tree (meta_json.c).
 */
#ifndef RVBENCH_JSON_STRING_H
#define RVBENCH_JSON_STRING_H

#include <stdio.h>

#include <jansson.h>

/* Writes s as a JSON string (quotes included); 0 or -1 on a write error. */
int json_write_str(FILE *f, const char *s);

/* The largest integer every JSON reader holds exactly: 2^53 - 1 (RFC 8259,
 * section 6; jq 1.6 and JavaScript keep numbers as doubles, jansson stops
 * at 2^63 - 1 and refuses the whole file beyond). */
#define JSON_SAFE_INT_MAX 9007199254740991ull

/* The value json_write_str() writes: s with each byte that does not start
 * valid UTF-8 replaced by U+FFFD (jansson refuses such a string). NULL
 * makes null. A new reference, or NULL when out of memory. */
json_t *json_safe_str(const char *s);
/* obj[key] = v, key made valid UTF-8 as above (it came from the firmware):
 * 0, or -1 (v released) when out of memory or v is NULL. */
int json_safe_set(json_t *obj, const char *key, json_t *v);
/* v as a JSON number, or beyond JSON_SAFE_INT_MAX as a string of its
 * decimal digits ("18446744073709551615"): exact in every reader, where a
 * number would be rounded or refused. NULL when out of memory. */
json_t *json_safe_u64(unsigned long long v);
/* The same for a signed value (beyond -JSON_SAFE_INT_MAX too). */
json_t *json_safe_i64(long long v);
/* A real number: the value a reader gets from printf(fmt, ...)'s text
 * ("%.3f": three decimals, as the CSVs have it), or null when that is not
 * a finite number (JSON has no NaN or infinity). NULL when out of memory. */
json_t *json_printed_real(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* v, or NULL with v released when building it failed (bad != 0): how a
 * builder that ORs the results of json_object_set_new() and friends into
 * bad returns, an allocation failure anywhere within included. */
json_t *json_built(json_t *v, int bad);

#endif
