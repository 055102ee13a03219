#!/usr/bin/env bash
# Installs, builds, starts a throwaway PostgreSQL and runs the whole test suite through ctest.
# Arguments go to ctest, e.g. deploy/test.sh -L postgres, or -LE slow to skip the slow tests.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
bash deploy/setup.sh
bash deploy/build.sh
pgdir=$root/.tavolo/pg-test-$$
TAVOLO_TEST_DATABASE_URL=$(bash deploy/pg.sh start "$pgdir" --fast)
export TAVOLO_TEST_DATABASE_URL
trap 'bash "$root/deploy/pg.sh" stop "$pgdir"' EXIT
cd build
ctest --output-on-failure -j2 "$@"
