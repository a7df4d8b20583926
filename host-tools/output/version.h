/* Version of the rvbench host CLI (meta.json, --version). */
#ifndef RVBENCH_HOST_VERSION_H
#define RVBENCH_HOST_VERSION_H

#define RVBENCH_HOST_VERSION "0.1.0"

#endif
