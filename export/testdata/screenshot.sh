#!/bin/sh
# Renders the run report of a real 30-tick offline run of the example project
# in headless Chromium
# and saves a PNG (issue 7). Installs nothing: skips (exit 0) when
# /usr/bin/chromium is missing. Install it with `apt-get install chromium`.
#
#   export/testdata/screenshot.sh [OUT.png]     (default: docs/report.png)
#
# Run from anywhere inside the repository.
set -eu

chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
	echo "screenshot.sh: skip: $chromium not found" >&2
	exit 0
fi

root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/docs/report.png}
case $out in /*) ;; *) out=$(pwd)/$out ;; esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
html=$work/report.html

# 30 ticks of the example project with the offline stand-in, then its report.
cp -r "$root/projects/example" "$work/lamp"
(cd "$root" && go run ./cmd/storyd tick -p "$work/lamp" -n 30 --llm offline >/dev/null &&
	go run ./cmd/storyd report -p "$work/lamp" -o "$html")
[ -s "$html" ] || { echo "screenshot.sh: error: no report written" >&2; exit 1; }

mkdir -p "$(dirname "$out")"
# --screenshot writes only once the page has loaded; no network is involved
# (the page is self-contained), and the flags keep Chromium from phoning home.
"$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
	--disable-background-networking --disable-component-update --disable-sync \
	--hide-scrollbars --user-data-dir="$work/profile" \
	--screenshot="$out" --window-size=1200,1600 "file://$html" 2>"$work/chromium.log" || {
	cat "$work/chromium.log" >&2
	exit 1
}
[ -s "$out" ] || { echo "screenshot.sh: error: chromium wrote no $out" >&2; cat "$work/chromium.log" >&2; exit 1; }
echo "wrote $out"
