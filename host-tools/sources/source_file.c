/* rvbench replay: decodes a saved UART log exactly as it was received. */
#include "source.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int source_file(struct session *s, const char *path, enum src_end *end, char *err, size_t errlen)
{
	char buf[65536];
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	*end = SRC_END_EOF;
	for (;;) {
		if (session_stop_requested()) {
			*end = SRC_END_INTERRUPTED;
			break;
		}
		ssize_t n = read(fd, buf, sizeof(buf));
		if (n > 0) {
			session_feed(s, buf, (size_t)n);
			continue;
		}
		if (n == 0)
			break;
		if (errno == EINTR)
			continue;
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}
