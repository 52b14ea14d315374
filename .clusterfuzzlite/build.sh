#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build script: builds every touche libFuzzer target with the
# platform's compiler and flags ($CXX, $CXXFLAGS carry the sanitizer and coverage flags;
# $LIB_FUZZING_ENGINE links the fuzzing engine) and installs into $OUT, for each target:
# the binary fuzz_<pair>, its seed corpus fuzz_<pair>_seed_corpus.zip and its dictionary
# fuzz_<pair>.dict. Runs locally too:
#   CXX=clang++ CXXFLAGS="-fsanitize=address,fuzzer-no-link" LIB_FUZZING_ENGINE=-fsanitize=fuzzer \
#     OUT=/tmp/out bash .clusterfuzzlite/build.sh          # from the repository root
src="${PWD}"  # the image's WORKDIR, $SRC/touche
[ -f "${src}/fuzz/harness.cpp" ] || src="$(cd "$(dirname "$0")/.." && pwd)"
build="${WORK:-/tmp}/touche-build"
boost_root=()
[ -d /opt/boost ] && boost_root=(-DBOOST_ROOT=/opt/boost)

cmake -S "${src}" -B "${build}" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="${CXX}" -DCMAKE_CXX_FLAGS="${CXXFLAGS}" \
  -DTOUCHE_BUILD_FUZZ=ON -DTOUCHE_SANITIZE=OFF -DTOUCHE_BUILD_TESTS=OFF \
  -DTOUCHE_BUILD_BENCH=OFF -DTOUCHE_FUZZ_ENGINE_FLAGS="${LIB_FUZZING_ENGINE}" "${boost_root[@]}"
targets=$(ls "${src}/fuzz/corpus")
cmake --build "${build}" -j"$(nproc)" --target $(for t in ${targets}; do echo "fuzz_${t}"; done)

mkdir -p "${OUT}"
for t in ${targets}; do
  cp "${build}/fuzz/fuzz_${t}" "${OUT}/"
  (cd "${src}/fuzz/corpus/${t}" && zip -q -j "${OUT}/fuzz_${t}_seed_corpus.zip" ./*)
  cp "${src}/fuzz/touche.dict" "${OUT}/fuzz_${t}.dict"
done
