#!/bin/sh
# scripts/build-id.sh's dirty mark, in a scratch repository: 0 for a clean
# checkout and for a file git ignores (build output); 1 for a changed
# tracked file, and for a file git neither tracks nor ignores (a new
# benchmark source built into the image before it is added).
. tests/system/lib.sh
build=$1
fresh_out build-id
out=$(cd "$out" && pwd)
script=$(pwd)/scripts/build-id.sh
r=$out/repo
mkdir -p "$r" && cd "$r" || exit 1
git init -q . && git config user.email t@t && git config user.name t
printf '/build/\n' >.gitignore
echo 'int x;' >a.c
git add .gitignore a.c && git commit -q -m one
dirty() { sh "$script" "$out/id.h" T cc -O2 && sed -n 's/^#define T_DIRTY //p' "$out/id.h"; }
check_eq "a clean checkout: dirty 0" 0 "$(dirty)"
check_eq "... with the commit's 12 hex digits" "$(git rev-parse --short=12 HEAD)" \
	"$(sed -n 's/^#define T_COMMIT "\(.*\)"$/\1/p' "$out/id.h")"
mkdir build && echo x >build/out.o
check_eq "an ignored file (build output): still 0" 0 "$(dirty)"
echo 'int y;' >new_bench.c
check_eq "a file neither tracked nor ignored: 1" 1 "$(dirty)"
rm new_bench.c
echo 'int z;' >>a.c
check_eq "a changed tracked file: 1" 1 "$(dirty)"
cd - >/dev/null || exit 1
