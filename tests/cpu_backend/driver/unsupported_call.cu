// CUDA graphs are not emulated: the build must stop and say so by name.
int main() {
  cudaGraph_t graph;
  cudaGraphCreate(&graph, 0);
  return 0;
}
