// Streams, events and host callbacks on the CPU. Work runs when it is issued, so every stream is
// trivially in order, a stream is always idle when queried, and a callback can run at once: all
// work issued before it has finished. The exception is held work (runtime_objects.h): a launch
// that waits for the host is put off with what is issued behind it until the host waits.
#include <algorithm>
#include <deque>
#include <set>

#include "error_state.h"
#include "runtime_objects.h"
#include "scanlab/cpu/runtime_api.h"

using namespace scanlab::cpu::detail;

namespace {
// The priority range of an H100 (cudaDeviceGetStreamPriorityRange): 0 is the lowest.
constexpr int lowest_priority = 0;
constexpr int highest_priority = -5;

bool is_builtin_stream(cudaStream_t s) { return s == nullptr || s == cudaStreamLegacy || s == cudaStreamPerThread; }
bool is_legacy(cudaStream_t s) { return s == nullptr || s == cudaStreamLegacy; }
// Ordered with the legacy default stream: every stream but those made with cudaStreamNonBlocking.
bool is_blocking(cudaStream_t s) { return is_builtin_stream(s) || (s->flags & cudaStreamNonBlocking) == 0; }

struct held_item {
  cudaStream_t stream;
  std::function<void()> work;
};
std::deque<held_item>& held() {
  static std::deque<held_item> q;  // in issue order, which respects every ordering between streams
  return q;
}
std::set<cudaStream_t>& held_streams() {
  static std::set<cudaStream_t> s;  // streams whose next work must wait (legacy: nullptr)
  return s;
}
bool draining = false;
}  // namespace

namespace scanlab::cpu::detail {

bool holding_allowed() { return !draining; }

bool stream_is_held(cudaStream_t s) {
  if (draining || held().empty()) return false;
  if (is_legacy(s)) s = nullptr;
  if (held_streams().count(s)) return true;
  // The legacy stream waits for every blocking stream, and a blocking stream for the legacy one.
  if (s == nullptr)
    return std::any_of(held_streams().begin(), held_streams().end(), [](cudaStream_t h) { return is_blocking(h); });
  return is_blocking(s) && held_streams().count(nullptr) != 0;
}

void hold_work(cudaStream_t s, std::function<void()> work) {
  if (is_legacy(s)) s = nullptr;
  held().push_back({s, std::move(work)});
  held_streams().insert(s);
}

void release_held_work_for(cudaStream_t s) {
  if (stream_is_held(s)) release_held_work();
}

void release_held_work() {
  if (draining || held().empty()) return;
  draining = true;
  while (!held().empty()) {
    held_item item = std::move(held().front());
    held().pop_front();
    item.work();
  }
  held_streams().clear();
  draining = false;
}

}  // namespace scanlab::cpu::detail

cudaError_t cudaDeviceGetStreamPriorityRange(int* least, int* greatest) {
  if (least) *least = lowest_priority;
  if (greatest) *greatest = highest_priority;
  return cudaSuccess;
}

cudaError_t cudaStreamCreate(cudaStream_t* s) { return cudaStreamCreateWithPriority(s, cudaStreamDefault, 0); }
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* s, unsigned int flags) {
  return cudaStreamCreateWithPriority(s, flags, 0);
}
cudaError_t cudaStreamCreateWithPriority(cudaStream_t* s, unsigned int flags, int priority) {
  if (s == nullptr || (flags & ~cudaStreamNonBlocking) != 0) return set_error(cudaErrorInvalidValue);
  // CUDA clamps a priority outside the range to the nearest end.
  *s = new CUstream_st{flags, std::clamp(priority, highest_priority, lowest_priority)};
  return cudaSuccess;
}
cudaError_t cudaStreamGetFlags(cudaStream_t s, unsigned int* flags) {
  if (flags == nullptr) return set_error(cudaErrorInvalidValue);
  *flags = is_builtin_stream(s) ? cudaStreamDefault : s->flags;
  return cudaSuccess;
}
cudaError_t cudaStreamGetPriority(cudaStream_t s, int* priority) {
  if (priority == nullptr) return set_error(cudaErrorInvalidValue);
  *priority = is_builtin_stream(s) ? 0 : s->priority;
  return cudaSuccess;
}
cudaError_t cudaStreamGetDevice(cudaStream_t, int* device) {
  if (device == nullptr) return set_error(cudaErrorInvalidValue);
  *device = 0;
  return cudaSuccess;
}
cudaError_t cudaStreamGetId(cudaStream_t s, unsigned long long* id) {
  if (id == nullptr) return set_error(cudaErrorInvalidValue);
  *id = s == nullptr || s == cudaStreamLegacy ? 0 : s == cudaStreamPerThread ? 1 : reinterpret_cast<unsigned long long>(s);
  return cudaSuccess;
}
cudaError_t cudaStreamDestroy(cudaStream_t s) {
  if (is_builtin_stream(s)) return set_error(cudaErrorInvalidResourceHandle);
  release_held_work();  // the stream's work completes first (and a held item may name the stream)
  delete s;
  return cudaSuccess;
}
// Waits for held work only when the stream's own work is held (the legacy stream's: when a blocking
// stream's is); work held behind a wait for the host in an unrelated stream goes on waiting.
cudaError_t cudaStreamSynchronize(cudaStream_t s) {
  if (stream_is_held(s)) release_held_work();
  cudaError_t e = take_async_error();
  return e == cudaSuccess ? cudaSuccess : set_error(e);
}
cudaError_t cudaStreamQuery(cudaStream_t s) { return stream_is_held(s) ? cudaErrorNotReady : cudaSuccess; }
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int) {
  if (event == nullptr) return set_error(cudaErrorInvalidResourceHandle);
  // Waiting for an event recorded behind held work: the stream's next work waits too.
  if (event->pending && !draining) held_streams().insert(is_legacy(stream) ? nullptr : stream);
  // A fork in a stream capture: the waiting stream records into the same graph from now on.
  if (event->captured_into != nullptr && capture_of(stream) == nullptr) join_capture(stream, event->captured_into);
  return cudaSuccess;
}

cudaError_t cudaStreamAddCallback(cudaStream_t s, cudaStreamCallback_t callback, void* user_data, unsigned int flags) {
  if (callback == nullptr || flags != 0) return set_error(cudaErrorInvalidValue);
  if (stream_is_held(s)) {
    hold_work(s, [s, callback, user_data] { callback(s, cudaSuccess, user_data); });
    return cudaSuccess;
  }
  callback(s, cudaSuccess, user_data);
  return cudaSuccess;
}
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void* user_data) {
  if (fn == nullptr) return set_error(cudaErrorInvalidValue);
  if (record_if_captured(stream, cudaGraphNodeTypeHost, [fn, user_data] { fn(user_data); })) return cudaSuccess;
  fn(user_data);
  return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t* e) { return cudaEventCreateWithFlags(e, cudaEventDefault); }
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* e, unsigned int flags) {
  constexpr unsigned known = cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess;
  if (e == nullptr || (flags & ~known) != 0) return set_error(cudaErrorInvalidValue);
  // An interprocess event must also disable timing (CUDA's rule).
  if ((flags & cudaEventInterprocess) && !(flags & cudaEventDisableTiming)) return set_error(cudaErrorInvalidValue);
  *e = new CUevent_st{};
  (*e)->flags = flags;
  return cudaSuccess;
}
cudaError_t cudaEventDestroy(cudaEvent_t e) {
  if (e == nullptr) return set_error(cudaErrorInvalidResourceHandle);
  if (e->pending) release_held_work();  // its held record names it
  delete e;
  return cudaSuccess;
}
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s) { return cudaEventRecordWithFlags(e, s, cudaEventRecordDefault); }
cudaError_t cudaEventRecordWithFlags(cudaEvent_t e, cudaStream_t stream, unsigned int flags) {
  if (e == nullptr) return set_error(cudaErrorInvalidResourceHandle);
  if ((flags & ~cudaEventRecordExternal) != 0) return set_error(cudaErrorInvalidValue);
  e->captured_into = capture_of(stream);
  if (e->captured_into != nullptr) return cudaSuccess;  // an ordering point inside the capture
  if (stream_is_held(stream)) {
    e->pending = true;
    hold_work(stream, [e] {
      e->when = std::chrono::steady_clock::now();
      e->recorded = true;
      e->pending = false;
    });
    return cudaSuccess;
  }
  e->pending = false;
  e->when = std::chrono::steady_clock::now();  // work before it has already run
  e->recorded = true;
  return cudaSuccess;
}
cudaError_t cudaEventSynchronize(cudaEvent_t e) {
  if (e == nullptr) return set_error(cudaErrorInvalidResourceHandle);
  if (e->pending) release_held_work();
  cudaError_t err = take_async_error();
  return err == cudaSuccess ? cudaSuccess : set_error(err);
}
cudaError_t cudaEventQuery(cudaEvent_t e) {
  if (e == nullptr) return set_error(cudaErrorInvalidResourceHandle);
  return e->pending ? cudaErrorNotReady : cudaSuccess;
}
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
  if (ms == nullptr || start == nullptr || end == nullptr) return set_error(cudaErrorInvalidResourceHandle);
  if ((start->flags | end->flags) & cudaEventDisableTiming) return set_error(cudaErrorInvalidResourceHandle);
  if (start->pending || end->pending) return set_error(cudaErrorNotReady);
  if (!start->recorded || !end->recorded) return set_error(cudaErrorInvalidResourceHandle);
  *ms = std::chrono::duration<float, std::milli>(end->when - start->when).count();
  return cudaSuccess;
}
