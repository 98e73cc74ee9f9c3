# Records on a GPU the conformance programs of issue 39's later parts: cuRAND (device and host API),
# blocks resident together (hand-offs between blocks and warps, hand-made grid barriers) and
# cooperative launches. Run through the device tool from the repository root:
#   bash bench/device/round2_record.sh [programs...]   (default: the list below)
# It writes $OUT/rec.tgz (expected/<area>/<name>.out, logs/, runs/) and $OUT/stability.txt.
set -u
export PATH=$PATH:/usr/local/cuda/bin
rec=/tmp/rec; rm -rf $rec; mkdir -p $rec
programs="$*"
[ -n "$programs" ] || programs="$(ls tests/conformance/programs/curand/*.cu) tests/conformance/programs/sync/chained_handoff_blockidx.cu
  tests/conformance/programs/sync/grid_barrier_atomics.cu tests/conformance/programs/sync/warp_waits_for_warp.cu
  tests/conformance/programs/coop_groups/grid_sync_iterations.cu tests/conformance/programs/coop_groups/grid_group_sync.cu
  $(ls tests/conformance/programs/printf/*.cu)"
OUT=$rec timeout -k 5 400 tests/conformance/record_gpu.sh $programs > $OUT/record.log 2>&1
# Stability: each program's stdout in three further runs (printf order and atomics may vary on a GPU).
mkdir -p $OUT/runs
for b in $(find $rec/bin -type f -perm -u+x); do
  name=$(basename $(dirname $b))_$(basename $b)
  for r in 1 2 3; do timeout -k 5 30 $b > $OUT/runs/$name.$r.out 2>/dev/null; done
  if cmp -s $OUT/runs/$name.1.out $OUT/runs/$name.2.out && cmp -s $OUT/runs/$name.1.out $OUT/runs/$name.3.out; then
    echo "$name: 3 runs alike" >> $OUT/stability.txt
  else
    echo "$name: runs differ" >> $OUT/stability.txt
  fi
done
(cd $rec && tar czf $OUT/rec.tgz expected logs) && (cd $OUT && tar czf runs.tgz runs && rm -rf runs)
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/gpu.txt
nvcc --version | tail -2 >> $OUT/gpu.txt
