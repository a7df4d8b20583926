# Helpers for the plot tests (sourced after lib.sh, with $rvb set): run
# rvbench with a gnuplot that keeps each figure's script and data, so that
# a test reads the axes in the scripts, the precise check of an axis.

# capture CAPDIR RVBENCH-ARGS...: rvbench run with a gnuplot that first
# keeps each figure's script and data files in CAPDIR/fig.*/ (rvbench
# removes its own). -j 1 in the arguments: one gnuplot per figure, no
# batch script.
capture() {
	cap=$1
	shift
	rm -rf "$cap"
	mkdir -p "$cap/bin"
	cat >"$cap/bin/gnuplot" <<EOF
#!/bin/sh
d=\$(mktemp -d "$cap/fig.XXXXXX")
cp "\$(dirname "\$1")"/* "\$d/"
exec $(command -v gnuplot) "\$@"
EOF
	chmod +x "$cap/bin/gnuplot"
	PATH="$cap/bin:$PATH" "$rvb" "$@"
}

# fig_dir CAPDIR IMAGE: the captured folder of the figure drawn to IMAGE
# (a basename: gnuplot draws it into .IMAGE.XXXXXX.tmp beside it).
fig_dir() {
	dirname "$(grep -l "/\.$2\.[A-Za-z0-9]*\.tmp'" "$1"/fig.*/*.gp | head -n 1)"
}
