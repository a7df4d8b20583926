/* QEMU's version (qemu_version.h). */
#include "qemu_version.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* The first line `bin --version` prints, or -1. */
static int first_line(const char *bin, char *line, size_t n)
{
	int fd[2], status;
	posix_spawn_file_actions_t fa;
	pid_t pid;
	char *argv[] = { (char *)bin, "--version", NULL };

	if (pipe(fd))
		return -1;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fd[1], STDOUT_FILENO);
	posix_spawn_file_actions_addclose(&fa, fd[0]);
	posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
	int rc = posix_spawnp(&pid, bin, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(fd[1]);
	if (rc) {
		close(fd[0]);
		return -1;
	}
	size_t len = 0;
	ssize_t got;
	while (len + 1 < n && (got = read(fd[0], line + len, n - 1 - len)) > 0)
		len += (size_t)got;
	line[len] = '\0';
	close(fd[0]); /* a longer output ends in SIGPIPE, which is fine */
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	line[strcspn(line, "\n")] = '\0';
	return len ? 0 : -1;
}

int qemu_version(const char *bin, char *buf, size_t n)
{
	static const char intro[] = "QEMU emulator version ";
	char line[512];

	snprintf(buf, n, "unknown");
	if (first_line(bin, line, sizeof(line)))
		return -1;
	const char *v = strstr(line, intro);
	if (!v)
		return -1;
	v += sizeof(intro) - 1;
	size_t k = strspn(v, "0123456789.");
	if (!k || k >= n)
		return -1;
	memcpy(buf, v, k);
	buf[k] = '\0';
	return 0;
}
