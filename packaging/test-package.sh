#!/usr/bin/env bash
# The Debian package as a user gets it: builds it (CPack), lints it (lintian, desktop-file-validate,
# appstreamcli), checks that the metainfo's screenshots are those the screenshot tests write,
# installs it with apt-get, runs packaging/check-installed.sh from outside the checkout with the
# checkout hidden (a private mount namespace puts an empty folder over it), and purges the package
# again, also when a step fails. Run as root after the release build. It replaces an installed
# gna-studio package.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build/release
say() { echo "test-package: $*"; }
fail() { echo "test-package: FAILED: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "run as root (it installs and removes the package)"
[ -f "$build/CMakeCache.txt" ] || fail "no release build in $build; run cmake --preset release first"

cd "$root"
rm -f "$build"/gna-studio_*.deb
cmake --build --preset release --target package > "$build/package.log" 2>&1 || { cat "$build/package.log"; fail "the package build"; }
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
deb=$build/gna-studio_${version}_amd64.deb
[ -f "$deb" ] || fail "the package build wrote no $deb"
say "built $(basename "$deb") ($(du -h "$deb" | cut -f1))"

lintian_rc=0
lintian --fail-on error --display-level ">=warning" "$deb" > "$build/lintian.txt" 2>&1 || lintian_rc=$?
grep -v "running with root privileges" "$build/lintian.txt" | sed 's/^/  lintian: /' || true
[ "$lintian_rc" -eq 0 ] || fail "lintian reports errors (exit $lintian_rc)"
say "lintian: no errors, $(grep -c '^W:' "$build/lintian.txt" || true) warning(s)"

work=$(mktemp -d /tmp/gna-package-test.XXXXXX)
chmod 755 "$work"
cleanup() {
  apt-get purge -y -qq gna-studio > /dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
dpkg-deb -x "$deb" "$work/unpacked"
desktop-file-validate "$work"/unpacked/usr/share/applications/*.desktop || fail "desktop-file-validate"
appstreamcli validate --no-net "$work"/unpacked/usr/share/metainfo/*.metainfo.xml > "$work/appstream.txt" ||
  { cat "$work/appstream.txt"; fail "appstreamcli validate"; }
say "desktop-file-validate and appstreamcli validate: ok"
if [ -d "$build/screenshots" ]; then
  for shot in $(sed -n 's|.*<image>.*/\([^/<]*\)</image>.*|\1|p' "$work"/unpacked/usr/share/metainfo/*.metainfo.xml); do
    [ -s "$build/screenshots/$shot" ] ||
      fail "the metainfo shows $shot, which the screenshot tests (ctest -R app) did not write to $build/screenshots"
  done
  say "metainfo screenshots: all written by the screenshot tests ($build/screenshots)"
fi
rm -rf "$work/unpacked"

export DEBIAN_FRONTEND=noninteractive
apt-get purge -y -qq gna-studio > /dev/null 2>&1 || true
apt-get install -y -qq --no-install-recommends "$deb" > "$build/apt-install.log" 2>&1 ||
  { cat "$build/apt-install.log"; fail "apt-get install $deb"; }
say "installed with apt-get"

# The checks run from $work, outside the checkout, with an empty tmpfs mounted over the checkout.
cp packaging/check-installed.sh "$work/"
unshare -m bash -c 'mount -t tmpfs -o size=1m,mode=755 gna-hidden "$1" && [ ! -e "$1/resources" ] && exec bash "$2/check-installed.sh" "$3" "$2"' \
  _ "$root" "$work" "$version" || fail "the installed program's checks (checkout hidden)"

apt-get purge -y -qq gna-studio > /dev/null || fail "apt-get purge gna-studio"
left=()
for p in /usr/bin/gna /usr/bin/gna-studio /usr/share/gna-studio /usr/lib/gna-studio /usr/share/doc/gna-studio \
         /usr/share/applications/org.gnastudio.GnaStudio.desktop /usr/share/metainfo/org.gnastudio.GnaStudio.metainfo.xml \
         /usr/share/mime/packages/gna-studio.xml /usr/share/bash-completion/completions/gna; do
  [ -e "$p" ] && left+=("$p")
done
[ ${#left[@]} -eq 0 ] || fail "left behind after apt-get purge: ${left[*]}"
dpkg-query -W -f='${Status}' gna-studio 2>/dev/null | grep -q 'ok installed' && fail "dpkg still lists gna-studio"
say "removed with apt-get purge; nothing left behind"
