set -u
export PATH=$PATH:/usr/local/cuda/bin
rec=/tmp/rec; rm -rf $rec
OUT=$rec timeout -k 5 300 tests/conformance/record_gpu.sh programs/intrinsics/half_bits_exhaustive.cu programs/intrinsics/half_conversions.cu programs/atomics/atomic_half_bfloat16.cu > $OUT/record.log 2>&1
cp $rec/expected/intrinsics/*.out $rec/expected/atomics/*.out $OUT/
nvcc -arch=native -O2 tests/conformance/programs/intrinsics/half_bits_exhaustive.cu -o /tmp/hx && timeout -k 5 60 /tmp/hx $OUT/half_dump.bin > /dev/null
ls -la $OUT
