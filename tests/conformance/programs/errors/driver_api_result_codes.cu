// Checks: the driver API's status codes from <cuda.h> (CUresult, CUDA_ERROR_*), with their numbers, in
// an error-name table of the kind books write (The CUDA Handbook's chGetErrorString): every name
// compiles and each value maps back to its name. No driver API function is called.
#include <cstdio>
#include <cuda.h>
#include <cuda_runtime.h>

#define NAME_CASE(code) case code: return #code;

const char *result_name(CUresult status)
{
    switch (status) {
        NAME_CASE(CUDA_SUCCESS)
        NAME_CASE(CUDA_ERROR_INVALID_VALUE)
        NAME_CASE(CUDA_ERROR_OUT_OF_MEMORY)
        NAME_CASE(CUDA_ERROR_NOT_INITIALIZED)
        NAME_CASE(CUDA_ERROR_STUB_LIBRARY)
        NAME_CASE(CUDA_ERROR_DEVICE_UNAVAILABLE)
        NAME_CASE(CUDA_ERROR_NO_DEVICE)
        NAME_CASE(CUDA_ERROR_INVALID_DEVICE)
        NAME_CASE(CUDA_ERROR_INVALID_CONTEXT)
        NAME_CASE(CUDA_ERROR_INVALID_PTX)
        NAME_CASE(CUDA_ERROR_CONTAINED)
        NAME_CASE(CUDA_ERROR_FILE_NOT_FOUND)
        NAME_CASE(CUDA_ERROR_INVALID_HANDLE)
        NAME_CASE(CUDA_ERROR_LOSSY_QUERY)
        NAME_CASE(CUDA_ERROR_NOT_FOUND)
        NAME_CASE(CUDA_ERROR_NOT_READY)
        NAME_CASE(CUDA_ERROR_ILLEGAL_ADDRESS)
        NAME_CASE(CUDA_ERROR_ASSERT)
        NAME_CASE(CUDA_ERROR_LAUNCH_FAILED)
        NAME_CASE(CUDA_ERROR_TENSOR_MEMORY_LEAK)
        NAME_CASE(CUDA_ERROR_NOT_PERMITTED)
        NAME_CASE(CUDA_ERROR_NOT_SUPPORTED)
        NAME_CASE(CUDA_ERROR_CDP_VERSION_MISMATCH)
        NAME_CASE(CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED)
        NAME_CASE(CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE)
        NAME_CASE(CUDA_ERROR_KEY_ROTATION)
        NAME_CASE(CUDA_ERROR_UNKNOWN)
        default: return "(not in this table)";
    }
}

int main()
{
    const int values[] = {0, 1, 2, 3, 34, 46, 100, 101, 201, 218, 226, 301, 400, 402, 500,
                          600, 700, 710, 719, 721, 800, 801, 812, 900, 910, 916, 999, 42};
    for (int v : values) printf("%3d %s\n", v, result_name((CUresult)v));
    printf("sizeof(CUresult) = %zu, CUDA_SUCCESS == 0: %s\n", sizeof(CUresult),
           CUDA_SUCCESS == 0 ? "yes" : "no");
    return 0;
}
