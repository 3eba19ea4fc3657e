//===- ClError.h - OpenCL status checking with readable names --*- C++ -*-===//
//
// Every OpenCL call in the runner goes through check(): a failing status
// becomes a ClError whose message names the call and the error
// ("clBuildProgram: CL_BUILD_PROGRAM_FAILURE (-11)"), so a per-kernel
// failure in the measurement JSON says what went wrong without a lookup.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_CLERROR_H
#define CLSPREAD_RUNTIME_CLERROR_H

#include "OpenCL.h"

#include <stdexcept>
#include <string>

namespace clspread::runtime {

/// "CL_INVALID_WORK_GROUP_SIZE" for -54; "CL_UNKNOWN_ERROR" otherwise.
const char *clErrorName(cl_int Code);

/// A failed OpenCL call: the call's name, its status and optional context.
class ClError : public std::runtime_error {
public:
  ClError(const std::string &Call, cl_int Code,
          const std::string &Context = {});
  const std::string &call() const { return Call; }
  cl_int code() const { return Code; }

private:
  std::string Call;
  cl_int Code;
};

/// Throws ClError when \p Code is not CL_SUCCESS.
inline void check(cl_int Code, const char *Call,
                  const std::string &Context = {}) {
  if (Code != CL_SUCCESS)
    throw ClError(Call, Code, Context);
}

} // namespace clspread::runtime

#endif
