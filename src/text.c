#include "text.h"

#include "wire.h"

struct text text_on(char *buf, size_t cap)
{
	return text_after(buf, cap, 0);
}

struct text text_after(char *buf, size_t cap, size_t len)
{
	buf[len] = '\0';
	return (struct text){ .buf = buf, .cap = cap, .len = len };
}

/* Every byte goes through here: the bound and the NUL are in one place. */
static void put(struct text *t, char c)
{
	if (t->len + 1 < t->cap) {
		t->buf[t->len] = c;
		t->buf[t->len + 1] = '\0';
	}
	t->len++;
}

void text_str(struct text *t, const char *s)
{
	while (*s)
		put(t, *s++);
}

/* Spelled as the records spell numbers (wire.h). */
static void digits(struct text *t, uint64_t v, unsigned base)
{
	char d[WIRE_NUM_MAX];
	size_t n = wire_spell(d, v, base, 1);

	for (size_t i = 0; i < n; i++)
		put(t, d[i]);
}

void text_u64(struct text *t, uint64_t v)
{
	digits(t, v, 10);
}

void text_hex(struct text *t, uint64_t v)
{
	text_str(t, "0x");
	digits(t, v, 16);
}
