/* Running lavacli (lavacli.h). */
#include "lavacli.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_ARGS 16

static const char *program(void)
{
	const char *p = getenv("RVBENCH_LAVACLI");
	return p && *p ? p : "lavacli";
}

/* Reads fd to its end into a malloc'd string. 0, or -1. */
static int slurp(int fd, char **out)
{
	size_t len = 0, cap = 4096;
	char *buf = malloc(cap);

	if (!buf)
		return -1;
	for (;;) {
		if (cap - len < 2048) {
			char *b = realloc(buf, cap * 2);
			if (!b) {
				free(buf);
				return -1;
			}
			buf = b;
			cap *= 2;
		}
		ssize_t n = read(fd, buf + len, cap - len - 1);
		if (n > 0) {
			len += (size_t)n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			free(buf);
			return -1;
		}
		break;
	}
	buf[len] = '\0';
	*out = buf;
	return 0;
}

int lavacli_run(const char *identity, const char *const *args, char **out, const char *out_path,
		char *err, size_t errlen)
{
	const char *argv[MAX_ARGS + 4];
	size_t n = 0;
	int pipefd[2] = { -1, -1 }, outfd = -1;

	argv[n++] = program();
	if (identity) {
		argv[n++] = "-i";
		argv[n++] = identity;
	}
	for (size_t i = 0; args[i]; i++) {
		if (n >= MAX_ARGS + 3) {
			snprintf(err, errlen, "lavacli: too many arguments");
			return -1;
		}
		argv[n++] = args[i];
	}
	argv[n] = NULL;
	if (out)
		*out = NULL;

	if (out_path) {
		outfd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (outfd < 0) {
			snprintf(err, errlen, "cannot create %s: %s", out_path, strerror(errno));
			return -1;
		}
	} else if (pipe2(pipefd, O_CLOEXEC)) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		return -1;
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(err, errlen, "fork: %s", strerror(errno));
		if (outfd >= 0)
			close(outfd);
		else {
			close(pipefd[0]);
			close(pipefd[1]);
		}
		return -1;
	}
	if (pid == 0) {
		int fd = outfd >= 0 ? outfd : pipefd[1];
		int null = open("/dev/null", O_RDONLY);
		sigset_t none;
		/* rvbench holds Ctrl-C and SIGTERM blocked (the session reads
		 * them when it can); lavacli must see them. */
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		if (dup2(fd, STDOUT_FILENO) < 0 || null < 0 || dup2(null, STDIN_FILENO) < 0)
			_exit(127);
		execvp(argv[0], (char *const *)argv);
		fprintf(stderr, "rvbench: cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	int rc = 0;
	if (outfd >= 0) {
		close(outfd);
	} else {
		close(pipefd[1]);
		char *buf = NULL;
		rc = slurp(pipefd[0], &buf);
		close(pipefd[0]);
		if (out && !rc)
			*out = buf;
		else
			free(buf);
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			snprintf(err, errlen, "waitpid: %s", strerror(errno));
			return -1;
		}
	if (rc) {
		snprintf(err, errlen, "cannot read what %s printed", argv[0]);
		return -1;
	}
	if (WIFEXITED(st) && WEXITSTATUS(st) == 127) {
		snprintf(err, errlen, "cannot run %s (Debian package lavacli)", argv[0]);
		if (out) {
			free(*out);
			*out = NULL;
		}
		return -1;
	}
	if (!WIFEXITED(st)) {
		snprintf(err, errlen, "%s was killed by signal %d", argv[0], WTERMSIG(st));
		if (out) {
			free(*out);
			*out = NULL;
		}
		return -1;
	}
	return WEXITSTATUS(st);
}
