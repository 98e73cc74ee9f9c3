// CUDA graphs on the CPU backend: stream capture, explicit kernel, memcpy, memset, host and empty
// nodes, instantiation, launch and update. A graph is a list of nodes, each a piece of recorded
// work (a kernel launch with copies of its arguments, a copy, a fill, a host call) with the nodes
// it depends on; an executable graph runs them in an order that respects every dependency (the
// order of creation, where dependencies allow). Work runs at once on the CPU backend, so a stream
// that is being captured records what it is given instead of doing it, and a launch of the graph
// does it then.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <vector>

#include "error_state.h"
#include "runtime_objects.h"
#include "scanlab/cpu/launch.h"
#include "scanlab/cpu/runtime_api.h"

using scanlab::cpu::detail::set_error;

struct CUgraphNode_st {
  cudaGraphNodeType type = cudaGraphNodeTypeEmpty;
  std::function<void()> work;            // empty for an empty node
  std::vector<CUgraphNode_st*> depends;  // nodes that must run first
  cudaKernelNodeParams kernel{};         // kernel nodes: as given (the argument values are in `work`)
  cudaMemcpy3DParms copy{};              // memcpy nodes made from cudaMemcpy3DParms
  cudaMemsetParams fill{};               // memset nodes
  cudaHostNodeParams host{};             // host nodes
  std::size_t index = 0;                 // creation order in its graph
  const CUgraphNode_st* original = nullptr;  // in a clone (cudaGraphClone): the node it copies
  CUgraph_st* graph = nullptr;                // the graph it belongs to
};

struct CUgraph_st {
  std::vector<std::unique_ptr<CUgraphNode_st>> nodes;
};

struct CUgraphExec_st {
  std::vector<CUgraphNode_st> order;  // copies of the graph's nodes, in the order they run
  std::map<const CUgraphNode_st*, std::size_t> position;  // graph node -> its copy
};

namespace scanlab::cpu::detail {

namespace {

// Streams being captured, and the graph each records into.
std::map<cudaStream_t, cudaGraph_t>& captures() {
  static std::map<cudaStream_t, cudaGraph_t> m;
  return m;
}
// Made while a kernel node is added: the next launch records into it instead of running.
thread_local CUgraphNode_st* node_being_made = nullptr;

CUgraphNode_st* add_node(cudaGraph_t graph, cudaGraphNodeType type, const cudaGraphNode_t* deps, std::size_t count) {
  auto node = std::make_unique<CUgraphNode_st>();
  node->type = type;
  node->graph = graph;
  node->index = graph->nodes.size();
  for (std::size_t i = 0; i < count; ++i) node->depends.push_back(deps[i]);
  graph->nodes.push_back(std::move(node));
  return graph->nodes.back().get();
}

// A captured stream's work depends on the work captured before it (in any stream of the capture:
// the order of issue respects every dependency there is, so it is kept).
void append_captured(cudaGraph_t graph, cudaGraphNodeType type, std::function<void()> work) {
  CUgraphNode_st* previous = graph->nodes.empty() ? nullptr : graph->nodes.back().get();
  CUgraphNode_st* node = add_node(graph, type, previous ? &previous : nullptr, previous ? 1 : 0);
  node->work = std::move(work);
}

// The work of a memcpy node made from cudaMemcpy3DParms: the copy as cudaMemcpy3D does it (pitched
// pointers, arrays, positions), with the parameters as they were given.
void set_copy(CUgraphNode_st* node, const cudaMemcpy3DParms& p) {
  node->copy = p;
  node->work = [p] { cudaMemcpy3D(&p); };
}

cudaError_t check_copy_params(const cudaMemcpy3DParms* p) {
  if (p == nullptr) return cudaErrorInvalidValue;
  if ((p->srcArray == nullptr && p->srcPtr.ptr == nullptr) || (p->dstArray == nullptr && p->dstPtr.ptr == nullptr))
    return cudaErrorInvalidValue;
  if ((p->srcArray != nullptr && p->srcPtr.ptr != nullptr) || (p->dstArray != nullptr && p->dstPtr.ptr != nullptr))
    return cudaErrorInvalidValue;
  if (p->kind < cudaMemcpyHostToHost || p->kind > cudaMemcpyDefault) return cudaErrorInvalidMemcpyDirection;
  return cudaSuccess;
}

// A 1-D copy in the 3-D form (what cudaGraphMemcpyNodeGetParams reports for it).
cudaMemcpy3DParms one_d(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind) {
  cudaMemcpy3DParms p{};
  p.srcPtr = make_cudaPitchedPtr(const_cast<void*>(src), bytes, bytes, 1);
  p.dstPtr = make_cudaPitchedPtr(dst, bytes, bytes, 1);
  p.extent = make_cudaExtent(bytes, 1, 1);
  p.kind = kind;
  return p;
}

void set_fill(CUgraphNode_st* node, const cudaMemsetParams& q) {
  node->fill = q;
  node->work = [q] {
    for (size_t row = 0; row < std::max<size_t>(q.height, 1); ++row) {
      char* line = static_cast<char*>(q.dst) + row * q.pitch;
      if (q.elementSize == 1) {
        cudaMemset(line, static_cast<int>(q.value & 0xff), q.width);
        continue;
      }
      // Wider elements: write the row's pattern from the host, through the runtime's copy.
      std::vector<unsigned char> pattern(q.width * q.elementSize);
      for (size_t i = 0; i < q.width; ++i)
        for (unsigned b = 0; b < q.elementSize; ++b) pattern[i * q.elementSize + b] = (q.value >> (8 * b)) & 0xff;
      cudaMemcpy(line, pattern.data(), pattern.size(), cudaMemcpyHostToDevice);
    }
  };
}

bool fill_params_ok(const cudaMemsetParams* p) {
  return p != nullptr && p->dst != nullptr && (p->elementSize == 1 || p->elementSize == 2 || p->elementSize == 4) &&
         (p->height <= 1 || p->pitch >= p->width * p->elementSize);
}

void set_host(CUgraphNode_st* node, const cudaHostNodeParams& p) {
  node->host = p;
  const cudaHostFn_t fn = p.fn;
  void* data = p.userData;
  node->work = [fn, data] { fn(data); };
}

// The copy of `node` in an executable graph (null if it has none).
CUgraphNode_st* exec_copy(cudaGraphExec_t exec, cudaGraphNode_t node) {
  auto it = exec->position.find(node);
  return it == exec->position.end() ? nullptr : &exec->order[it->second];
}

// Runs the registered launcher of `func` with the node's arguments: the launch records a closure
// (with copies of the argument values, as CUDA copies them when the node is made) into `node`.
cudaError_t record_kernel(CUgraphNode_st* node, const cudaKernelNodeParams& p) {
  if (p.func == nullptr) return set_error(cudaErrorInvalidDeviceFunction);
  if (p.extra != nullptr) {
    std::fprintf(stderr, "scanlab CPU backend: kernel node arguments in the `extra` form are not supported; pass "
                         "kernelParams\n");
    return set_error(cudaErrorNotSupported);
  }
  node->kernel = p;
  node->work = nullptr;
  node_being_made = node;
  const cudaError_t e = cudaLaunchKernel(static_cast<const void*>(p.func), p.gridDim, p.blockDim, p.kernelParams,
                                         p.sharedMemBytes, nullptr, "cudaGraphAddKernelNode", 0);
  node_being_made = nullptr;
  if (e != cudaSuccess) return e;
  if (!node->work) return set_error(cudaErrorInvalidValue);
  return cudaSuccess;
}

}  // namespace

// Also a launch into a held stream (runtime_objects.h): recorded there, to run when the host waits.
bool launch_is_recorded(cudaStream_t stream) {
  return node_being_made != nullptr || captures().count(stream) != 0 || stream_is_held(stream);
}

void launch_recorded();  // launch.cpp: a recorded launch leaves no launch error behind

void record_launch(cudaStream_t stream, std::function<void()> work) {
  launch_recorded();
  if (node_being_made != nullptr) {
    node_being_made->work = std::move(work);
    return;
  }
  if (auto it = captures().find(stream); it != captures().end()) {
    append_captured(it->second, cudaGraphNodeTypeKernel, std::move(work));
    return;
  }
  hold_work(stream, std::move(work));
}

// Work issued to a stream being captured is recorded; to a held stream, held (runtime_objects.h).
bool record_if_captured(cudaStream_t stream, cudaGraphNodeType type, std::function<void()> work) {
  auto it = captures().find(stream);
  if (it == captures().end()) {
    if (!stream_is_held(stream)) return false;
    hold_work(stream, std::move(work));
    return true;
  }
  append_captured(it->second, type, std::move(work));
  return true;
}

CUgraph_st* capture_of(cudaStream_t stream) {
  auto it = captures().find(stream);
  return it == captures().end() ? nullptr : it->second;
}

void join_capture(cudaStream_t stream, CUgraph_st* graph) { captures()[stream] = graph; }

}  // namespace scanlab::cpu::detail

using namespace scanlab::cpu::detail;

cudaError_t cudaStreamBeginCapture(cudaStream_t stream, cudaStreamCaptureMode mode) {
  if (stream == nullptr || stream == cudaStreamLegacy) return set_error(cudaErrorStreamCaptureUnsupported);
  if (mode < cudaStreamCaptureModeGlobal || mode > cudaStreamCaptureModeRelaxed) return set_error(cudaErrorInvalidValue);
  if (captures().count(stream)) return set_error(cudaErrorIllegalState);
  captures()[stream] = new CUgraph_st;
  return cudaSuccess;
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t* graph) {
  if (graph == nullptr) return set_error(cudaErrorInvalidValue);
  auto it = captures().find(stream);
  if (it == captures().end()) return set_error(cudaErrorIllegalState);
  *graph = it->second;
  // Streams that joined this capture (cudaStreamWaitEvent on a captured event) leave it too.
  for (auto j = captures().begin(); j != captures().end();) j = j->second == *graph ? captures().erase(j) : std::next(j);
  return cudaSuccess;
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream, cudaStreamCaptureStatus* status) {
  if (status == nullptr) return set_error(cudaErrorInvalidValue);
  *status = captures().count(stream) ? cudaStreamCaptureStatusActive : cudaStreamCaptureStatusNone;
  return cudaSuccess;
}

cudaError_t cudaGraphCreate(cudaGraph_t* graph, unsigned int flags) {
  if (graph == nullptr || flags != 0) return set_error(cudaErrorInvalidValue);
  *graph = new CUgraph_st;
  return cudaSuccess;
}

cudaError_t cudaGraphDestroy(cudaGraph_t graph) {
  if (graph == nullptr) return set_error(cudaErrorInvalidValue);
  delete graph;
  return cudaSuccess;
}

cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* deps,
                                   size_t count, const cudaKernelNodeParams* params) {
  if (node == nullptr || graph == nullptr || params == nullptr || (count > 0 && deps == nullptr))
    return set_error(cudaErrorInvalidValue);
  CUgraphNode_st* n = add_node(graph, cudaGraphNodeTypeKernel, deps, count);
  if (cudaError_t e = record_kernel(n, *params); e != cudaSuccess) {
    graph->nodes.pop_back();
    return e;
  }
  *node = n;
  return cudaSuccess;
}

cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, cudaKernelNodeParams* params) {
  if (node == nullptr || params == nullptr || node->type != cudaGraphNodeTypeKernel) return set_error(cudaErrorInvalidValue);
  *params = node->kernel;
  return cudaSuccess;
}

cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const cudaKernelNodeParams* params) {
  if (node == nullptr || params == nullptr || node->type != cudaGraphNodeTypeKernel) return set_error(cudaErrorInvalidValue);
  return record_kernel(node, *params);
}

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* deps,
                                     size_t count, void* dst, const void* src, size_t bytes, cudaMemcpyKind kind) {
  if (node == nullptr || graph == nullptr || (count > 0 && deps == nullptr)) return set_error(cudaErrorInvalidValue);
  CUgraphNode_st* n = add_node(graph, cudaGraphNodeTypeMemcpy, deps, count);
  n->copy = one_d(dst, src, bytes, kind);
  n->work = [=] { cudaMemcpy(dst, src, bytes, kind); };
  *node = n;
  return cudaSuccess;
}

cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* deps,
                                   size_t count, const cudaMemsetParams* p) {
  if (node == nullptr || graph == nullptr || !fill_params_ok(p) || (count > 0 && deps == nullptr))
    return set_error(cudaErrorInvalidValue);
  CUgraphNode_st* n = add_node(graph, cudaGraphNodeTypeMemset, deps, count);
  set_fill(n, *p);
  *node = n;
  return cudaSuccess;
}

cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node, cudaMemsetParams* p) {
  if (node == nullptr || p == nullptr || node->type != cudaGraphNodeTypeMemset) return set_error(cudaErrorInvalidValue);
  *p = node->fill;
  return cudaSuccess;
}

cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t node, const cudaMemsetParams* p) {
  if (node == nullptr || !fill_params_ok(p) || node->type != cudaGraphNodeTypeMemset) return set_error(cudaErrorInvalidValue);
  set_fill(node, *p);
  return cudaSuccess;
}

cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node, const cudaMemsetParams* p) {
  if (exec == nullptr || node == nullptr || !fill_params_ok(p)) return set_error(cudaErrorInvalidValue);
  CUgraphNode_st* c = exec_copy(exec, node);
  if (c == nullptr || c->type != cudaGraphNodeTypeMemset) return set_error(cudaErrorInvalidValue);
  set_fill(c, *p);
  return cudaSuccess;
}

cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* deps, size_t count,
                                   const cudaMemcpy3DParms* p) {
  if (node == nullptr || graph == nullptr || (count > 0 && deps == nullptr)) return set_error(cudaErrorInvalidValue);
  if (cudaError_t e = check_copy_params(p); e != cudaSuccess) return set_error(e);
  CUgraphNode_st* n = add_node(graph, cudaGraphNodeTypeMemcpy, deps, count);
  set_copy(n, *p);
  *node = n;
  return cudaSuccess;
}

cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, cudaMemcpy3DParms* p) {
  if (node == nullptr || p == nullptr || node->type != cudaGraphNodeTypeMemcpy) return set_error(cudaErrorInvalidValue);
  *p = node->copy;
  return cudaSuccess;
}

cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node, const cudaMemcpy3DParms* p) {
  if (node == nullptr || node->type != cudaGraphNodeTypeMemcpy) return set_error(cudaErrorInvalidValue);
  if (cudaError_t e = check_copy_params(p); e != cudaSuccess) return set_error(e);
  set_copy(node, *p);
  return cudaSuccess;
}

cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void* dst, const void* src, size_t bytes,
                                           cudaMemcpyKind kind) {
  if (node == nullptr || node->type != cudaGraphNodeTypeMemcpy) return set_error(cudaErrorInvalidValue);
  node->copy = one_d(dst, src, bytes, kind);
  node->work = [=] { cudaMemcpy(dst, src, bytes, kind); };
  return cudaSuccess;
}

// An instantiated copy changes only between one-dimensional operands: the runtime's reference
// refuses an old or new copy that is multidimensional, and an H200 answers cudaErrorInvalidValue
// for a 3-D box (conformance streams/cuda_graph_memcpy3d_clone).
static bool multidimensional(const cudaMemcpy3DParms& p) {
  return p.extent.height > 1 || p.extent.depth > 1 || p.srcArray != nullptr || p.dstArray != nullptr;
}

cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node, const cudaMemcpy3DParms* p) {
  if (exec == nullptr || node == nullptr) return set_error(cudaErrorInvalidValue);
  if (cudaError_t e = check_copy_params(p); e != cudaSuccess) return set_error(e);
  CUgraphNode_st* c = exec_copy(exec, node);
  if (c == nullptr || c->type != cudaGraphNodeTypeMemcpy) return set_error(cudaErrorInvalidValue);
  if (multidimensional(c->copy) || multidimensional(*p)) return set_error(cudaErrorInvalidValue);
  set_copy(c, *p);
  return cudaSuccess;
}

cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t exec, cudaGraphNode_t node, void* dst, const void* src,
                                               size_t bytes, cudaMemcpyKind kind) {
  if (exec == nullptr || node == nullptr) return set_error(cudaErrorInvalidValue);
  CUgraphNode_st* c = exec_copy(exec, node);
  if (c == nullptr || c->type != cudaGraphNodeTypeMemcpy || multidimensional(c->copy))
    return set_error(cudaErrorInvalidValue);
  c->copy = one_d(dst, src, bytes, kind);
  c->work = [=] { cudaMemcpy(dst, src, bytes, kind); };
  return cudaSuccess;
}

cudaError_t cudaGraphAddHostNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* deps, size_t count,
                                 const cudaHostNodeParams* p) {
  if (node == nullptr || graph == nullptr || p == nullptr || p->fn == nullptr || (count > 0 && deps == nullptr))
    return set_error(cudaErrorInvalidValue);
  CUgraphNode_st* n = add_node(graph, cudaGraphNodeTypeHost, deps, count);
  set_host(n, *p);
  *node = n;
  return cudaSuccess;
}

cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node, cudaHostNodeParams* p) {
  if (node == nullptr || p == nullptr || node->type != cudaGraphNodeTypeHost) return set_error(cudaErrorInvalidValue);
  *p = node->host;
  return cudaSuccess;
}

cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t node, const cudaHostNodeParams* p) {
  if (node == nullptr || p == nullptr || p->fn == nullptr || node->type != cudaGraphNodeTypeHost)
    return set_error(cudaErrorInvalidValue);
  set_host(node, *p);
  return cudaSuccess;
}

cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node, const cudaHostNodeParams* p) {
  if (exec == nullptr || node == nullptr || p == nullptr || p->fn == nullptr) return set_error(cudaErrorInvalidValue);
  CUgraphNode_st* c = exec_copy(exec, node);
  if (c == nullptr || c->type != cudaGraphNodeTypeHost) return set_error(cudaErrorInvalidValue);
  set_host(c, *p);
  return cudaSuccess;
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* deps, size_t count) {
  if (node == nullptr || graph == nullptr || (count > 0 && deps == nullptr)) return set_error(cudaErrorInvalidValue);
  *node = add_node(graph, cudaGraphNodeTypeEmpty, deps, count);
  return cudaSuccess;
}

cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t* from, const cudaGraphNode_t* to,
                                     const cudaGraphEdgeData* edges, size_t count) {
  if (graph == nullptr || (count > 0 && (from == nullptr || to == nullptr))) return set_error(cudaErrorInvalidValue);
  (void)edges;  // edge data (ports) only matter for programmatic launches, which are not modelled
  for (size_t i = 0; i < count; ++i) to[i]->depends.push_back(from[i]);
  return cudaSuccess;
}

cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t* nodes, size_t* count) {
  if (graph == nullptr || count == nullptr) return set_error(cudaErrorInvalidValue);
  if (nodes == nullptr) {
    *count = graph->nodes.size();
    return cudaSuccess;
  }
  const size_t n = std::min(*count, graph->nodes.size());
  for (size_t i = 0; i < n; ++i) nodes[i] = graph->nodes[i].get();
  *count = n;
  return cudaSuccess;
}

cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t* roots, size_t* count) {
  if (graph == nullptr || count == nullptr) return set_error(cudaErrorInvalidValue);
  std::vector<cudaGraphNode_t> found;
  for (const auto& n : graph->nodes)
    if (n->depends.empty()) found.push_back(n.get());
  if (roots == nullptr) {
    *count = found.size();
    return cudaSuccess;
  }
  const size_t n = std::min(*count, found.size());
  for (size_t i = 0; i < n; ++i) roots[i] = found[i];
  for (size_t i = n; i < *count; ++i) roots[i] = nullptr;
  *count = n;
  return cudaSuccess;
}

// Edges in the order of their target's creation, then of the dependency's addition.
cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t* from, cudaGraphNode_t* to, cudaGraphEdgeData* edges,
                              size_t* count) {
  if (graph == nullptr || count == nullptr || ((from == nullptr) != (to == nullptr))) return set_error(cudaErrorInvalidValue);
  std::vector<std::pair<cudaGraphNode_t, cudaGraphNode_t>> all;
  for (const auto& n : graph->nodes)
    for (CUgraphNode_st* d : n->depends) all.emplace_back(d, n.get());
  if (from == nullptr) {
    *count = all.size();
    return cudaSuccess;
  }
  const size_t n = std::min(*count, all.size());
  for (size_t i = 0; i < *count; ++i) {
    from[i] = i < n ? all[i].first : nullptr;
    to[i] = i < n ? all[i].second : nullptr;
    if (edges != nullptr) edges[i] = cudaGraphEdgeData{};
  }
  const bool short_buffer = *count < all.size();
  *count = n;
  return short_buffer ? set_error(cudaErrorLossyQuery) : cudaSuccess;
}

cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t* deps, cudaGraphEdgeData* edges,
                                         size_t* count) {
  if (node == nullptr || count == nullptr) return set_error(cudaErrorInvalidValue);
  if (deps == nullptr) {
    *count = node->depends.size();
    return cudaSuccess;
  }
  const size_t n = std::min(*count, node->depends.size());
  for (size_t i = 0; i < *count; ++i) {
    deps[i] = i < n ? node->depends[i] : nullptr;
    if (edges != nullptr) edges[i] = cudaGraphEdgeData{};
  }
  *count = n;
  return cudaSuccess;
}

cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t* dependents, cudaGraphEdgeData* edges,
                                           size_t* count) {
  if (node == nullptr || count == nullptr) return set_error(cudaErrorInvalidValue);
  std::vector<cudaGraphNode_t> found;
  if (node->graph != nullptr)
    for (const auto& n : node->graph->nodes)
      if (std::find(n->depends.begin(), n->depends.end(), node) != n->depends.end()) found.push_back(n.get());
  if (dependents == nullptr) {
    *count = found.size();
    return cudaSuccess;
  }
  const size_t n = std::min(*count, found.size());
  for (size_t i = 0; i < *count; ++i) {
    dependents[i] = i < n ? found[i] : nullptr;
    if (edges != nullptr) edges[i] = cudaGraphEdgeData{};
  }
  *count = n;
  return cudaSuccess;
}

// A copy of every node (its parameters and the recorded argument values) and edge.
cudaError_t cudaGraphClone(cudaGraph_t* clone, cudaGraph_t original) {
  if (clone == nullptr || original == nullptr) return set_error(cudaErrorInvalidValue);
  auto copy = std::make_unique<CUgraph_st>();
  std::map<const CUgraphNode_st*, CUgraphNode_st*> made;
  for (const auto& n : original->nodes) {
    auto c = std::make_unique<CUgraphNode_st>(*n);
    c->original = n.get();
    c->graph = copy.get();
    made[n.get()] = c.get();
    copy->nodes.push_back(std::move(c));
  }
  for (auto& c : copy->nodes)
    for (CUgraphNode_st*& d : c->depends) d = made.at(d);
  *clone = copy.release();
  return cudaSuccess;
}

cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t* found, cudaGraphNode_t original, cudaGraph_t clone) {
  if (found == nullptr || original == nullptr || clone == nullptr) return set_error(cudaErrorInvalidValue);
  for (const auto& n : clone->nodes)
    if (n->original == original) {
      *found = n.get();
      return cudaSuccess;
    }
  return set_error(cudaErrorInvalidValue);
}

cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, cudaGraphNodeType* type) {
  if (node == nullptr || type == nullptr) return set_error(cudaErrorInvalidValue);
  *type = node->type;
  return cudaSuccess;
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t* exec, cudaGraph_t graph, unsigned long long flags) {
  if (exec == nullptr || graph == nullptr) return set_error(cudaErrorInvalidValue);
  (void)flags;  // upload, auto-free and device-launch flags change nothing here
  // Kahn's algorithm, taking the earliest-made ready node each time.
  const std::size_t n = graph->nodes.size();
  std::map<const CUgraphNode_st*, std::size_t> index;
  for (std::size_t i = 0; i < n; ++i) index[graph->nodes[i].get()] = i;
  std::vector<std::size_t> waiting(n, 0);
  std::vector<std::vector<std::size_t>> after(n);
  for (std::size_t i = 0; i < n; ++i)
    for (const CUgraphNode_st* d : graph->nodes[i]->depends) {
      auto it = index.find(d);
      if (it == index.end()) return set_error(cudaErrorInvalidValue);  // a node of another graph
      ++waiting[i];
      after[it->second].push_back(i);
    }
  auto result = std::make_unique<CUgraphExec_st>();
  std::vector<bool> done(n, false);
  for (std::size_t step = 0; step < n; ++step) {
    std::size_t next = n;
    for (std::size_t i = 0; i < n && next == n; ++i)
      if (!done[i] && waiting[i] == 0) next = i;
    if (next == n) return set_error(cudaErrorInvalidValue);  // a cycle
    done[next] = true;
    for (std::size_t j : after[next]) --waiting[j];
    result->position[graph->nodes[next].get()] = result->order.size();
    result->order.push_back(*graph->nodes[next]);
  }
  *exec = result.release();
  return cudaSuccess;
}

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t* exec, cudaGraph_t graph, unsigned long long flags) {
  return cudaGraphInstantiate(exec, graph, flags);
}

cudaError_t cudaGraphUpload(cudaGraphExec_t exec, cudaStream_t) {
  return exec == nullptr ? set_error(cudaErrorInvalidValue) : cudaSuccess;
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t exec, cudaStream_t stream) {
  if (exec == nullptr) return set_error(cudaErrorInvalidValue);
  // A graph launched into a stream being captured becomes one node of that capture.
  if (record_if_captured(stream, cudaGraphNodeTypeGraph, [exec] { cudaGraphLaunch(exec, nullptr); })) return cudaSuccess;
  for (const CUgraphNode_st& node : exec->order)
    if (node.work) node.work();
  return cudaSuccess;
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t exec) {
  if (exec == nullptr) return set_error(cudaErrorInvalidValue);
  delete exec;
  return cudaSuccess;
}

cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                             const cudaKernelNodeParams* params) {
  if (exec == nullptr || node == nullptr || params == nullptr) return set_error(cudaErrorInvalidValue);
  auto it = exec->position.find(node);
  if (it == exec->position.end() || exec->order[it->second].type != cudaGraphNodeTypeKernel)
    return set_error(cudaErrorInvalidValue);
  return record_kernel(&exec->order[it->second], *params);
}

cudaError_t cudaGraphExecUpdate(cudaGraphExec_t exec, cudaGraph_t graph, cudaGraphExecUpdateResultInfo* info) {
  if (exec == nullptr || graph == nullptr) return set_error(cudaErrorInvalidValue);
  auto fail = [&](cudaGraphExecUpdateResult why) {
    if (info != nullptr) info->result = why;
    return set_error(cudaErrorGraphExecUpdateFailure);
  };
  // The same topology: as many nodes, of the same types, made in the same order.
  if (graph->nodes.size() != exec->order.size()) return fail(cudaGraphExecUpdateErrorTopologyChanged);
  std::vector<const CUgraphNode_st*> by_creation(exec->order.size());
  for (const CUgraphNode_st& copy : exec->order) by_creation[copy.index] = &copy;
  for (std::size_t i = 0; i < graph->nodes.size(); ++i)
    if (by_creation[i]->type != graph->nodes[i]->type || by_creation[i]->depends.size() != graph->nodes[i]->depends.size())
      return fail(cudaGraphExecUpdateErrorNodeTypeChanged);
  for (CUgraphNode_st& copy : exec->order) {
    const CUgraphNode_st& fresh = *graph->nodes[copy.index];
    copy.work = fresh.work;
    copy.kernel = fresh.kernel;
    copy.copy = fresh.copy;
    copy.fill = fresh.fill;
    copy.host = fresh.host;
  }
  if (info != nullptr) info->result = cudaGraphExecUpdateSuccess;
  return cudaSuccess;
}
