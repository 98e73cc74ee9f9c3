// The compiler's message must point at this file and line, not at rewritten code.
__global__ void broken(float* out) {
  __shared__ float tile[32];
  tile[threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x] +;  // SYNTAX_ERROR
}

int main() { return 0; }
