//===- ClHandle.h - Owning wrappers for OpenCL objects ----------*- C++ -*-===//
//
// Move-only owners that call the matching clRelease* on destruction, so an
// exception thrown halfway through setting up a kernel frees what was made.
// leak() exists for the watchdog: after a launch times out the driver may
// still be running it, and releasing its queue or buffers could block or
// free memory in use, so the runner deliberately abandons them.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_CLHANDLE_H
#define CLSPREAD_RUNTIME_CLHANDLE_H

#include "OpenCL.h"

#include <utility>

namespace clspread::runtime {

template <typename T, cl_int(CL_API_CALL *Release)(T)> class ClHandle {
public:
  ClHandle() = default;
  explicit ClHandle(T Object) : Object(Object) {}
  ClHandle(const ClHandle &) = delete;
  ClHandle &operator=(const ClHandle &) = delete;
  ClHandle(ClHandle &&Other) noexcept
      : Object(std::exchange(Other.Object, nullptr)) {}
  ClHandle &operator=(ClHandle &&Other) noexcept {
    if (this != &Other) {
      reset();
      Object = std::exchange(Other.Object, nullptr);
    }
    return *this;
  }
  ~ClHandle() { reset(); }

  T get() const { return Object; }
  explicit operator bool() const { return Object != nullptr; }
  void reset(T New = nullptr) {
    if (Object)
      Release(Object);
    Object = New;
  }
  /// Forgets the object without releasing it (see the file comment).
  void leak() { Object = nullptr; }

private:
  T Object = nullptr;
};

using Context = ClHandle<cl_context, clReleaseContext>;
using Queue = ClHandle<cl_command_queue, clReleaseCommandQueue>;
using Program = ClHandle<cl_program, clReleaseProgram>;
using Kernel = ClHandle<cl_kernel, clReleaseKernel>;
using Mem = ClHandle<cl_mem, clReleaseMemObject>;
using Event = ClHandle<cl_event, clReleaseEvent>;
using Sampler = ClHandle<cl_sampler, clReleaseSampler>;

} // namespace clspread::runtime

#endif
