#!/bin/sh
# Installs the Debian packages keyplan needs and builds it into build/.
set -eu
cd "$(dirname "$0")/.."
SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo
$SUDO apt-get update
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
  build-essential cmake re2c lemon libsqlite3-dev libcunit1-dev libinih-dev libedit-dev libexpat1-dev \
  python3 python3-jsonschema valgrind
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKEYPLAN_WERROR=ON
cmake --build build -j"$(nproc)"
