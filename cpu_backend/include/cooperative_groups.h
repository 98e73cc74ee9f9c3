#pragma once
#error "scanlab CPU backend: cooperative groups are not supported; use __syncthreads and the __*_sync warp intrinsics."
