//===- KernelRun.cpp - Build, bind, time and check one plan kernel --------===//
#include "KernelRun.h"
#include "Checksum.h"
#include "ClError.h"
#include "ImageFormat.h"
#include "LocalSweep.h"
#include "RandomFill.h"
#include "TimedLaunch.h"
#include "Watchdog.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstring>
#include <set>

namespace clspread::runtime {

namespace {

using Sizes = std::optional<Sizes3>;

/// A problem of this kernel that is not an OpenCL status (a missing
/// argument, a size the device cannot hold).
struct KernelProblem : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string bytesText(uint64_t B) {
  if (B >= (1ull << 30) && B % (1ull << 20) == 0)
    return std::to_string(B >> 20) + " MiB";
  if (B >= (1ull << 20) && B % (1ull << 10) == 0)
    return std::to_string(B >> 10) + " KiB";
  return std::to_string(B) + " bytes";
}

/// The device refused the launch itself (its sizes or resources), as
/// opposed to failing while running it.
bool isRefusal(const ClError &E) {
  cl_int Code = E.code();
  return E.call() == "clEnqueueNDRangeKernel" &&
         (Code == CL_INVALID_WORK_GROUP_SIZE ||
          Code == CL_INVALID_WORK_ITEM_SIZE ||
          Code == CL_INVALID_GLOBAL_WORK_SIZE || Code == CL_OUT_OF_RESOURCES);
}

/// How messages name an argument: "arg 2 'out'".
std::string argWhere(const ArgSpec &A) {
  return "arg " + std::to_string(A.Index) + " '" + A.Name + "'";
}

cl_mem_flags memFlags(Access A) {
  return A == Access::Read    ? CL_MEM_READ_ONLY
         : A == Access::Write ? CL_MEM_WRITE_ONLY
                              : CL_MEM_READ_WRITE;
}

cl_image_desc imageDesc(const ArgSpec &A) {
  cl_image_desc Desc{};
  Desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  Desc.image_width = size_t(A.Width);
  Desc.image_height = size_t(A.Height);
  return Desc;
}

/// Writes \p Data to argument \p A's memory \p M, whole, blocking: an image
/// or a buffer. Returns the status and the call's name for check().
std::pair<cl_int, const char *>
writeWhole(cl_command_queue Q, cl_mem M, const ArgSpec &A,
           const std::vector<unsigned char> &Data) {
  WatchGuard G(std::string(A.Kind == ArgKind::Image2D
                               ? "clEnqueueWriteImage"
                               : "clEnqueueWriteBuffer") +
               " (" + argWhere(A) + ", blocking)");
  if (A.Kind == ArgKind::Image2D) {
    size_t Origin[3] = {0, 0, 0},
           Region[3] = {size_t(A.Width), size_t(A.Height), 1};
    return {clEnqueueWriteImage(Q, M, CL_TRUE, Origin, Region, 0, 0,
                                Data.data(), 0, nullptr, nullptr),
            "clEnqueueWriteImage"};
  }
  return {clEnqueueWriteBuffer(Q, M, CL_TRUE, 0, Data.size(), Data.data(), 0,
                               nullptr, nullptr),
          "clEnqueueWriteBuffer"};
}

/// One kernel argument made real on the device.
struct Bound {
  const ArgSpec *Spec = nullptr;
  Mem Memory;
  Sampler Samp;
  ElemType Elem;        ///< how to read written data back
  size_t Bytes = 0;     ///< size of written data
  bool Written = false; ///< write or read_write: restored, checked
  Mem Pristine;         ///< device copy of the initial contents
  std::vector<unsigned char>
      Initial; ///< host copy, when Pristine could not be made
  std::vector<unsigned char> Readback;
  std::optional<uint64_t> FirstHash;
  bool Differs = false;
};

class Run {
public:
  Run(DeviceSession &Ses, const KernelSpec &Spec, const RunSettings &S)
      : Ses(Ses), Spec(Spec), S(S) {}
  KernelResult run();

private:
  bool build();
  void createKernel();
  void bindArgs();
  void bindBuffer(Bound &B);
  void bindImage(Bound &B);
  void bindSampler(Bound &B);
  /// Keeps a written argument's initial contents for restore(): a device
  /// copy (an image of \p Format, or a buffer when null), else the host's.
  void keepInitial(Bound &B, std::vector<unsigned char> &&Data,
                   const ElemType &Elem, const cl_image_format *Format);
  uint64_t localBytes(const Sizes &Local) const;
  void setLocalArgs(const Sizes &Local);
  void restore();
  void checkOutputs(bool Final);
  LaunchTiming launchOnce(const Sizes &Local);
  TimingStats timeLaunches(const Sizes &Local, unsigned Warmup, bool Check,
                           double &WallMedian, bool &Profiled);
  std::string explainRefusal(const Sizes &Local) const;
  void sweep();
  void abandon();

  DeviceSession &Ses;
  const KernelSpec &Spec;
  const RunSettings &S;
  KernelResult R;
  Program Prog;
  Kernel K;
  std::vector<Bound> Args;
  uint64_t StaticLocal = 0, KernelMaxGroup = 0;
  Sizes3 Reqd = {0, 0, 0};
  uint64_t ReadbackBytes = 0;
};

KernelResult Run::run() {
  R = resultFor(Spec);
  if (!Spec.Problems.empty()) {
    R.Status = "error";
    for (size_t I = 0; I < Spec.Problems.size(); ++I)
      R.Message += (I ? "; " : "") + Spec.Problems[I];
    return R;
  }
  try {
    if (!build())
      return R;
    {
      // Every call of these phases is covered (a blocking write
      // hung forever after a watchdog timeout); the writes nest their own.
      WatchGuard G("creating the kernel and binding its arguments");
      createKernel();
      bindArgs();
    }
    double Wall = 0;
    bool Profiled = true;
    R.Device = timeLaunches(Spec.Local, S.Warmup, true, Wall, Profiled);
    R.WallMedian = Wall;
    R.Profiled = Profiled;
    if (!Profiled)
      R.Warnings.push_back(
          "the driver gave no profiling times; median_s etc. are wall-clock");
    bool Differs = false;
    for (const Bound &B : Args)
      Differs |= B.Differs;
    if (R.CheckedLaunches >= 2)
      R.Deterministic = !Differs;
    R.Status = "ok";
    if (S.LocalSweep)
      sweep();
  } catch (const LaunchTimeout &E) {
    R.Status = "timeout";
    R.Message = E.what();
    R.Device = {};
    abandon();
  } catch (const ClError &E) {
    R.Status = "error";
    R.Message = E.what();
    R.Device = {};
    // After a failed launch or transfer the context may be unusable
    // (NVIDIA reports an earlier out-of-bounds access on the next call):
    // start the next kernel on a fresh one. A refused local size leaves
    // the context intact.
    if (!isRefusal(E))
      abandon();
  } catch (const std::exception &E) {
    R.Status = "error";
    R.Message = E.what();
    R.Device = {};
  }
  if (!R.ok()) {
    R.Checksums.clear();
    R.Samples.clear();
    R.Deterministic.reset();
  }
  return R;
}

bool Run::build() {
  cl_int Err = CL_SUCCESS;
  const char *Src = Spec.Source.c_str();
  size_t Len = Spec.Source.size();
  Prog = Program(clCreateProgramWithSource(Ses.context(), 1, &Src, &Len, &Err));
  check(Err, "clCreateProgramWithSource");
  cl_device_id D = Ses.device();
  auto T0 = std::chrono::steady_clock::now();
  // A build may take long legitimately (PoCL compiles at 1 s per kernel
  // cold); it gets at least 5 minutes whatever --timeout says.
  WatchGuard G("clBuildProgram", std::max(watchdogSeconds(), 300.0));
  cl_int Built = clBuildProgram(Prog.get(), 1, &D, Spec.BuildOptions.c_str(),
                                nullptr, nullptr);
  R.BuildSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
          .count();

  size_t LogSize = 0;
  std::string Log;
  if (clGetProgramBuildInfo(Prog.get(), D, CL_PROGRAM_BUILD_LOG, 0, nullptr,
                            &LogSize) == CL_SUCCESS &&
      LogSize > 1) {
    Log.resize(LogSize);
    clGetProgramBuildInfo(Prog.get(), D, CL_PROGRAM_BUILD_LOG, LogSize,
                          Log.data(), nullptr);
    Log.resize(std::strlen(Log.c_str()));
  }
  while (!Log.empty() && std::isspace((unsigned char)Log.back()))
    Log.pop_back();
  R.BuildLog = Log;
  if (Built == CL_SUCCESS)
    return true;

  R.Status = "build_error";
  R.Message = std::string("clBuildProgram: ") + clErrorName(Built) + " (" +
              std::to_string(Built) + ") building " +
              (Spec.File.empty() ? "the source" : Spec.File) +
              " with options '" + Spec.BuildOptions + "'";
  if (Log.empty()) {
    R.Message += "; the driver gave no build log";
  } else {
    const size_t Cap = 16384; // the full log is in "build_log"
    R.Message += "; build log:\n" +
                 (Log.size() > Cap ? Log.substr(0, Cap) + "\n[...]" : Log);
  }
  return false;
}

void Run::createKernel() {
  cl_int Err = CL_SUCCESS;
  K = Kernel(clCreateKernel(Prog.get(), Spec.KernelName.c_str(), &Err));
  if (Err == CL_INVALID_KERNEL_NAME) {
    size_t Size = 0;
    std::string Names;
    if (clGetProgramInfo(Prog.get(), CL_PROGRAM_KERNEL_NAMES, 0, nullptr,
                         &Size) == CL_SUCCESS &&
        Size > 1) {
      Names.resize(Size);
      clGetProgramInfo(Prog.get(), CL_PROGRAM_KERNEL_NAMES, Size, Names.data(),
                       nullptr);
      Names.resize(std::strlen(Names.c_str()));
      for (size_t Pos = 0; (Pos = Names.find(';', Pos)) != std::string::npos;
           Pos += 2)
        Names.replace(Pos, 1, ", ");
    }
    throw KernelProblem(
        "kernel '" + Spec.KernelName + "' not found in " +
        (Spec.File.empty() ? std::string("the program") : Spec.File) +
        " (clCreateKernel: CL_INVALID_KERNEL_NAME); the program defines: " +
        (Names.empty() ? std::string("(unknown)") : Names));
  }
  check(Err, "clCreateKernel", "kernel '" + Spec.KernelName + "'");

  // Work-group figures of the built kernel, read before any __local
  // argument is set so CL_KERNEL_LOCAL_MEM_SIZE is the static part only.
  cl_device_id D = Ses.device();
  size_t WG = 0, Mult = 0, Compile[3] = {0, 0, 0};
  cl_ulong Local = 0, Private = 0;
  nlohmann::json &I = R.KernelInfo;
  I = nlohmann::json::object();
  if (clGetKernelWorkGroupInfo(K.get(), D, CL_KERNEL_WORK_GROUP_SIZE, sizeof WG,
                               &WG, nullptr) == CL_SUCCESS)
    I["work_group_size"] = KernelMaxGroup = WG;
  if (clGetKernelWorkGroupInfo(K.get(), D,
                               CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                               sizeof Mult, &Mult, nullptr) == CL_SUCCESS)
    I["preferred_work_group_size_multiple"] = Mult;
  if (clGetKernelWorkGroupInfo(K.get(), D, CL_KERNEL_LOCAL_MEM_SIZE,
                               sizeof Local, &Local, nullptr) == CL_SUCCESS)
    I["local_mem_bytes"] = StaticLocal = Local;
  if (clGetKernelWorkGroupInfo(K.get(), D, CL_KERNEL_PRIVATE_MEM_SIZE,
                               sizeof Private, &Private, nullptr) == CL_SUCCESS)
    I["private_mem_bytes"] = Private;
  if (clGetKernelWorkGroupInfo(K.get(), D, CL_KERNEL_COMPILE_WORK_GROUP_SIZE,
                               sizeof Compile, Compile,
                               nullptr) == CL_SUCCESS &&
      Compile[0] != 0) {
    Reqd = {Compile[0], Compile[1], Compile[2]};
    I["reqd_work_group_size"] = Reqd;
  }
  if (!KernelMaxGroup)
    KernelMaxGroup = Ses.info().MaxWorkGroupSize;
}

void Run::bindArgs() {
  cl_uint NumArgs = 0;
  check(clGetKernelInfo(K.get(), CL_KERNEL_NUM_ARGS, sizeof NumArgs, &NumArgs,
                        nullptr),
        "clGetKernelInfo");
  std::set<unsigned> Given;
  for (const ArgSpec &A : Spec.Args) {
    if (A.Index >= NumArgs)
      throw KernelProblem("arg " + std::to_string(A.Index) + " '" + A.Name +
                          "': kernel '" + Spec.KernelName + "' takes only " +
                          std::to_string(NumArgs) + " argument(s)");
    Given.insert(A.Index);
  }
  for (unsigned I = 0; I < NumArgs; ++I)
    if (!Given.count(I))
      throw KernelProblem("kernel '" + Spec.KernelName + "' takes " +
                          std::to_string(NumArgs) +
                          " argument(s) but the plan gives none for index " +
                          std::to_string(I));

  Args.resize(Spec.Args.size());
  for (size_t I = 0; I < Spec.Args.size(); ++I) {
    Bound &B = Args[I];
    B.Spec = &Spec.Args[I];
    const ArgSpec &A = *B.Spec;
    std::string Where = argWhere(A);
    switch (A.Kind) {
    case ArgKind::Buffer:
      bindBuffer(B);
      break;
    case ArgKind::Image2D:
      bindImage(B);
      break;
    case ArgKind::Sampler:
      bindSampler(B);
      break;
    case ArgKind::Scalar:
      check(clSetKernelArg(K.get(), A.Index, A.Value.size(), A.Value.data()),
            "clSetKernelArg",
            Where + " (" + A.TypeName + ", " + std::to_string(A.Value.size()) +
                " bytes)");
      break;
    case ArgKind::Local:
      break; // set per local size by setLocalArgs()
    }
  }
}

void Run::bindBuffer(Bound &B) {
  const ArgSpec &A = *B.Spec;
  std::string Where = argWhere(A);
  const DeviceInfo &Dev = Ses.info();
  if (Dev.MaxAllocBytes && A.Bytes > Dev.MaxAllocBytes)
    throw KernelProblem(Where + ": " + bytesText(A.Bytes) +
                        " exceeds the device's largest allocation (" +
                        bytesText(Dev.MaxAllocBytes) + ")");
  cl_mem_flags Flags = memFlags(A.Acc);
  cl_int Err = CL_SUCCESS;
  B.Memory =
      Mem(clCreateBuffer(Ses.context(), Flags, size_t(A.Bytes), nullptr, &Err));
  check(Err, "clCreateBuffer", Where + " (" + bytesText(A.Bytes) + ")");
  std::vector<unsigned char> Data(size_t(A.Bytes), OutputPattern);
  if (A.Acc != Access::Write)
    if (A.StructBytes)
      fillRandomStructs(Data, A.StructBytes, A.Fields,
                        streamSeed(S.Seed, Spec.Id, A.Index), A.Range);
    else if (A.Fill != ArgSpec::Order::None)
      fillOrdered(Data, A.Elem, streamSeed(S.Seed, Spec.Id, A.Index), A.Range,
                  A.Fill == ArgSpec::Order::Sorted        ? "sorted"
                  : A.Fill == ArgSpec::Order::Permutation ? "permutation"
                                                          : "monotone");
    else
      fillRandom(Data, A.Elem, streamSeed(S.Seed, Spec.Id, A.Index), A.Range);
  auto [WriteErr, WriteCall] = writeWhole(Ses.queue(), B.Memory.get(), A, Data);
  check(WriteErr, WriteCall, Where);
  cl_mem M = B.Memory.get();
  check(clSetKernelArg(K.get(), A.Index, sizeof M, &M), "clSetKernelArg",
        Where);
  if (A.isWritten())
    keepInitial(B, std::move(Data), A.Elem, nullptr);
}

void Run::bindImage(Bound &B) {
  const ArgSpec &A = *B.Spec;
  std::string Where = argWhere(A);
  const DeviceInfo &Dev = Ses.info();
  if (!Dev.ImageSupport)
    throw KernelProblem(Where + ": the device has no image support");
  std::string Err;
  auto F = parseImageFormat(A.ChannelOrder, A.ChannelType, Err);
  if (!F)
    throw KernelProblem(Where + ": " + Err);
  if ((Dev.Image2DMaxWidth && A.Width > Dev.Image2DMaxWidth) ||
      (Dev.Image2DMaxHeight && A.Height > Dev.Image2DMaxHeight))
    throw KernelProblem(Where + ": " + std::to_string(A.Width) + "x" +
                        std::to_string(A.Height) +
                        " exceeds the device's largest image2d (" +
                        std::to_string(Dev.Image2DMaxWidth) + "x" +
                        std::to_string(Dev.Image2DMaxHeight) + ")");
  cl_mem_flags Flags = memFlags(A.Acc);
  // Say "format not supported" plainly instead of a bare
  // CL_IMAGE_FORMAT_NOT_SUPPORTED from clCreateImage.
  cl_uint N = 0;
  check(clGetSupportedImageFormats(Ses.context(), Flags, CL_MEM_OBJECT_IMAGE2D,
                                   0, nullptr, &N),
        "clGetSupportedImageFormats");
  std::vector<cl_image_format> Supported(N);
  if (N)
    check(clGetSupportedImageFormats(Ses.context(), Flags,
                                     CL_MEM_OBJECT_IMAGE2D, N, Supported.data(),
                                     nullptr),
          "clGetSupportedImageFormats");
  bool Found = std::any_of(
      Supported.begin(), Supported.end(), [&](const cl_image_format &X) {
        return X.image_channel_order == F->Format.image_channel_order &&
               X.image_channel_data_type == F->Format.image_channel_data_type;
      });
  if (!Found)
    throw KernelProblem(Where + ": image format " + A.ChannelOrder + "/" +
                        A.ChannelType + " is not supported by the device for " +
                        accessName(A.Acc) + " access");

  cl_image_desc Desc = imageDesc(A);
  cl_int E = CL_SUCCESS;
  B.Memory =
      Mem(clCreateImage(Ses.context(), Flags, &F->Format, &Desc, nullptr, &E));
  check(E, "clCreateImage", Where);
  std::vector<unsigned char> Data(size_t(A.Width * A.Height * F->PixelBytes),
                                  OutputPattern);
  if (A.Acc != Access::Write)
    fillRandom(Data, F->Channel, streamSeed(S.Seed, Spec.Id, A.Index));
  auto [WriteErr, WriteCall] = writeWhole(Ses.queue(), B.Memory.get(), A, Data);
  check(WriteErr, WriteCall, Where);
  cl_mem M = B.Memory.get();
  check(clSetKernelArg(K.get(), A.Index, sizeof M, &M), "clSetKernelArg",
        Where);
  if (A.isWritten())
    keepInitial(B, std::move(Data), F->Channel, &F->Format);
}

void Run::keepInitial(Bound &B, std::vector<unsigned char> &&Data,
                      const ElemType &Elem, const cl_image_format *Format) {
  // Restoring from a device-side copy costs a device-to-device copy per
  // launch instead of a host transfer (64 MiB over PCIe is milliseconds,
  // on device tens of microseconds), which keeps 1000-launch measurements
  // of short kernels with large outputs fast. If the device has no room
  // for the copy, the host keeps the data instead.
  B.Written = true;
  B.Elem = Elem;
  B.Bytes = Data.size();
  const ArgSpec &A = *B.Spec;
  cl_int Err = CL_SUCCESS;
  if (Format) {
    cl_image_desc Desc = imageDesc(A);
    B.Pristine = Mem(clCreateImage(Ses.context(), CL_MEM_READ_WRITE, Format,
                                   &Desc, nullptr, &Err));
  } else {
    B.Pristine = Mem(clCreateBuffer(Ses.context(), CL_MEM_READ_WRITE, B.Bytes,
                                    nullptr, &Err));
  }
  if (Err == CL_SUCCESS)
    Err = writeWhole(Ses.queue(), B.Pristine.get(), A, Data).first;
  if (Err == CL_SUCCESS)
    return;
  B.Pristine.reset();
  B.Initial = std::move(Data);
}

void Run::bindSampler(Bound &B) {
  const ArgSpec &A = *B.Spec;
  std::string Where = argWhere(A);
  cl_addressing_mode Mode = CL_ADDRESS_CLAMP_TO_EDGE;
  std::string M = A.Addressing;
  if (M == "NONE")
    Mode = CL_ADDRESS_NONE;
  else if (M == "CLAMP")
    Mode = CL_ADDRESS_CLAMP;
  else if (M == "REPEAT")
    Mode = CL_ADDRESS_REPEAT;
  else if (M == "MIRRORED_REPEAT")
    Mode = CL_ADDRESS_MIRRORED_REPEAT;
  else if (M != "CLAMP_TO_EDGE")
    throw KernelProblem(Where + ": unknown sampler addressing \"" + M + "\"");
  cl_filter_mode Filter = CL_FILTER_NEAREST;
  if (A.Filter == "LINEAR")
    Filter = CL_FILTER_LINEAR;
  else if (A.Filter != "NEAREST")
    throw KernelProblem(Where + ": unknown sampler filter \"" + A.Filter +
                        "\"");
  cl_int E = CL_SUCCESS;
  B.Samp = Sampler(clCreateSampler(
      Ses.context(), A.Normalized ? CL_TRUE : CL_FALSE, Mode, Filter, &E));
  check(E, "clCreateSampler", Where);
  cl_sampler Sm = B.Samp.get();
  check(clSetKernelArg(K.get(), A.Index, sizeof Sm, &Sm), "clSetKernelArg",
        Where);
}

uint64_t Run::localBytes(const Sizes &Local) const {
  uint64_t Group = Local ? (*Local)[0] * (*Local)[1] * (*Local)[2] : 0;
  uint64_t Total = StaticLocal;
  for (const ArgSpec &A : Spec.Args)
    if (A.Kind == ArgKind::Local)
      Total += A.Bytes + A.BytesPerItem * Group;
  return Total;
}

void Run::setLocalArgs(const Sizes &Local) {
  uint64_t Group = Local ? (*Local)[0] * (*Local)[1] * (*Local)[2] : 0;
  for (const ArgSpec &A : Spec.Args) {
    if (A.Kind != ArgKind::Local)
      continue;
    std::string Where = argWhere(A);
    if (A.BytesPerItem && !Local)
      throw KernelProblem(Where +
                          ": \"bytes_per_item\" needs an explicit local size");
    uint64_t Bytes = A.Bytes + A.BytesPerItem * Group;
    check(clSetKernelArg(K.get(), A.Index, size_t(Bytes), nullptr),
          "clSetKernelArg",
          Where + " (__local, " + std::to_string(Bytes) + " bytes)");
  }
}

void Run::restore() {
  WatchGuard G("restoring the outputs before a launch "
               "(clEnqueueCopyBuffer/Image, clFinish)");
  bool Copied = false;
  for (Bound &B : Args) {
    if (!B.Written)
      continue;
    std::string Where = argWhere(*B.Spec);
    size_t Origin[3] = {0, 0, 0};
    size_t Region[3] = {size_t(B.Spec->Width), size_t(B.Spec->Height), 1};
    if (B.Pristine) {
      if (B.Spec->Kind == ArgKind::Image2D)
        check(clEnqueueCopyImage(Ses.queue(), B.Pristine.get(), B.Memory.get(),
                                 Origin, Origin, Region, 0, nullptr, nullptr),
              "clEnqueueCopyImage", Where);
      else
        check(clEnqueueCopyBuffer(Ses.queue(), B.Pristine.get(), B.Memory.get(),
                                  0, 0, B.Bytes, 0, nullptr, nullptr),
              "clEnqueueCopyBuffer", Where);
      Copied = true;
    } else {
      auto [WriteErr, WriteCall] =
          writeWhole(Ses.queue(), B.Memory.get(), *B.Spec, B.Initial);
      check(WriteErr, WriteCall, Where);
    }
  }
  // The copies must be done before the launch's wall clock starts.
  if (Copied)
    check(clFinish(Ses.queue()), "clFinish", "after restoring outputs");
}

void Run::checkOutputs(bool Final) {
  uint64_t Need = 0;
  for (const Bound &B : Args)
    Need += B.Written ? B.Bytes : 0;
  if (Need == 0 || (!Final && ReadbackBytes + Need > S.ChecksumBudget))
    return;
  ReadbackBytes += Need;
  ++R.CheckedLaunches;
  WatchGuard G(
      "reading the outputs back (clEnqueueReadBuffer/Image, blocking)");
  for (Bound &B : Args) {
    if (!B.Written)
      continue;
    std::string Where = argWhere(*B.Spec);
    B.Readback.resize(B.Bytes);
    if (B.Spec->Kind == ArgKind::Image2D) {
      size_t Origin[3] = {0, 0, 0};
      size_t Region[3] = {size_t(B.Spec->Width), size_t(B.Spec->Height), 1};
      check(clEnqueueReadImage(Ses.queue(), B.Memory.get(), CL_TRUE, Origin,
                               Region, 0, 0, B.Readback.data(), 0, nullptr,
                               nullptr),
            "clEnqueueReadImage", Where);
    } else {
      check(clEnqueueReadBuffer(Ses.queue(), B.Memory.get(), CL_TRUE, 0,
                                B.Bytes, B.Readback.data(), 0, nullptr,
                                nullptr),
            "clEnqueueReadBuffer", Where);
    }
    uint64_t Hash = fnv1a64(B.Readback.data(), B.Readback.size());
    if (!B.FirstHash)
      B.FirstHash = Hash;
    else if (*B.FirstHash != Hash)
      B.Differs = true;
    if (Final) {
      R.Checksums[B.Spec->Name] = hex64(Hash);
      R.Samples[B.Spec->Name] = sampleOutput(B.Readback, B.Elem, S.SampleK);
      B.Readback.clear();
      B.Readback.shrink_to_fit();
    }
  }
}

std::string Run::explainRefusal(const Sizes &Local) const {
  if (!Local)
    return "the driver could not choose a local size for global " +
           sizesText(Spec.Global, Spec.Dims);
  const Sizes3 &L = *Local;
  const DeviceInfo &Dev = Ses.info();
  uint64_t Group = L[0] * L[1] * L[2];
  std::vector<std::string> Why;
  if (KernelMaxGroup && Group > KernelMaxGroup)
    Why.push_back(std::to_string(Group) +
                  " work-items exceed the kernel's maximum work-group "
                  "size " +
                  std::to_string(KernelMaxGroup));
  for (unsigned D = 0; D < 3; ++D) {
    if (Dev.MaxWorkItemSizes[D] && L[D] > Dev.MaxWorkItemSizes[D])
      Why.push_back("local[" + std::to_string(D) + "]=" + std::to_string(L[D]) +
                    " exceeds the device's max work-item size " +
                    std::to_string(Dev.MaxWorkItemSizes[D]));
    if (D < Spec.Dims && Spec.Global[D] % L[D] != 0)
      Why.push_back("global[" + std::to_string(D) +
                    "]=" + std::to_string(Spec.Global[D]) +
                    " is not a multiple of local[" + std::to_string(D) +
                    "]=" + std::to_string(L[D]) + " (OpenCL 1.2 requires it)");
  }
  if (Reqd[0] && Reqd != L)
    Why.push_back("the kernel requires reqd_work_group_size" +
                  sizesText(Reqd, 3));
  if (Dev.LocalMemBytes && localBytes(Local) > Dev.LocalMemBytes)
    Why.push_back("the work-group needs " + std::to_string(localBytes(Local)) +
                  " bytes of local memory, the device has " +
                  std::to_string(Dev.LocalMemBytes));
  std::string Text =
      "local size " + sizesText(L, Spec.Dims) + " refused by the device";
  for (size_t I = 0; I < Why.size(); ++I)
    Text += (I ? "; " : ": ") + Why[I];
  return Text;
}

LaunchTiming Run::launchOnce(const Sizes &Local) {
  // The launch polls its own --timeout; this covers a call inside it that
  // blocks (the enqueue, the flush, an event query).
  WatchGuard G("the launch (clEnqueueNDRangeKernel, clFlush, clGetEventInfo)",
               2 * watchdogSeconds() + 5);
  try {
    return timedLaunch(Ses.queue(), K.get(), Spec.Dims, Spec.Global, Local,
                       S.Timeout);
  } catch (const ClError &E) {
    if (isRefusal(E))
      throw ClError(E.call(), E.code(), explainRefusal(Local));
    throw;
  }
}

TimingStats Run::timeLaunches(const Sizes &Local, unsigned Warmup, bool Check,
                              double &WallMedian, bool &Profiled) {
  if (Ses.info().LocalMemBytes && localBytes(Local) > Ses.info().LocalMemBytes)
    throw KernelProblem(explainRefusal(Local));
  setLocalArgs(Local);
  for (unsigned W = 0; W < Warmup; ++W) {
    restore();
    launchOnce(Local);
    if (Check)
      checkOutputs(false);
  }
  std::vector<double> Device, Wall;
  double Sum = 0;
  unsigned Max = std::max(S.MaxRepeats, std::max(S.MinRepeats, 1u));
  Profiled = true;
  for (;;) {
    restore();
    LaunchTiming T = launchOnce(Local);
    Profiled &= T.Profiled;
    double D = T.Profiled ? T.DeviceSeconds : T.WallSeconds;
    Device.push_back(D);
    Wall.push_back(T.WallSeconds);
    Sum += D;
    bool Done =
        Device.size() >= Max ||
        (Device.size() >= std::max(S.MinRepeats, 1u) && Sum >= S.MinTime);
    if (Check)
      checkOutputs(Done);
    if (Done)
      break;
  }
  WallMedian = summarize(Wall).Median;
  return summarize(Device);
}

void Run::sweep() {
  R.Swept = true;
  const DeviceInfo &Dev = Ses.info();
  uint64_t MaxGroup =
      std::min<uint64_t>(Dev.MaxWorkGroupSize ? Dev.MaxWorkGroupSize : 1024,
                         KernelMaxGroup ? KernelMaxGroup : 1u << 30);
  std::vector<Sizes> Cands;
  bool PerItem =
      std::any_of(Spec.Args.begin(), Spec.Args.end(),
                  [](const ArgSpec &A) { return A.BytesPerItem > 0; });
  if (Reqd[0]) {
    Cands.push_back(Reqd);
    R.Warnings.push_back(
        "local sweep limited to the kernel's reqd_work_group_size");
  } else {
    if (!PerItem)
      Cands.push_back(std::nullopt); // the driver's own choice, for reference
    for (const Sizes3 &L :
         sweepCandidates(Spec.Dims, Spec.Global, MaxGroup, Dev.MaxWorkItemSizes,
                         Dev.PreferredMultiple))
      Cands.push_back(L);
    if (Spec.Local &&
        std::find(Cands.begin(), Cands.end(), Sizes(Spec.Local)) == Cands.end())
      Cands.push_back(Spec.Local);
    if (Spec.ModelLocal && std::find(Cands.begin(), Cands.end(),
                                     Sizes(Spec.ModelLocal)) == Cands.end())
      Cands.push_back(Spec.ModelLocal);
  }
  for (const Sizes &L : Cands) {
    SweepEntry E;
    E.Local = L;
    if (Dev.LocalMemBytes && localBytes(L) > Dev.LocalMemBytes) {
      E.Status = "skipped";
      E.Reason = "needs " + std::to_string(localBytes(L)) +
                 " bytes of local memory, the device has " +
                 std::to_string(Dev.LocalMemBytes);
      R.Sweep.push_back(E);
      continue;
    }
    try {
      double Wall = 0;
      bool Profiled = true;
      E.Stats = timeLaunches(L, 1, false, Wall, Profiled);
    } catch (const LaunchTimeout &X) {
      E.Status = "timeout";
      E.Reason = X.what();
      R.Sweep.push_back(E);
      R.Warnings.push_back("local sweep stopped after a timeout");
      abandon();
      return;
    } catch (const ClError &X) {
      E.Status = isRefusal(X) ? "refused" : "error";
      E.Reason = X.what();
      if (X.call() == KernelExecutionCall) {
        R.Sweep.push_back(E);
        R.Warnings.push_back("local sweep stopped after a failed launch");
        abandon();
        return;
      }
    } catch (const std::exception &X) {
      E.Status = "error";
      E.Reason = X.what();
    }
    R.Sweep.push_back(E);
  }
}

void Run::abandon() {
  // See DeviceSession: objects a possibly running kernel uses are left alone.
  for (Bound &B : Args) {
    B.Memory.leak();
    B.Pristine.leak();
    B.Samp.leak();
  }
  K.leak();
  Prog.leak();
  try {
    Ses.renew();
  } catch (const std::exception &E) {
    R.Warnings.push_back(std::string("could not create a fresh context: ") +
                         E.what());
  }
}

} // namespace

KernelResult resultFor(const KernelSpec &Spec) {
  KernelResult R;
  R.Id = Spec.Id;
  R.File = Spec.File;
  R.KernelName = Spec.KernelName;
  R.VariantOf = Spec.VariantOf;
  R.Dims = Spec.Dims;
  R.Global = Spec.Global;
  R.Local = Spec.Local;
  R.ModelLocal = Spec.ModelLocal;
  R.Warnings = Spec.Warnings;
  return R;
}

KernelResult runKernel(DeviceSession &Session, const KernelSpec &Spec,
                       const RunSettings &S) {
  return Run(Session, Spec, S).run();
}

} // namespace clspread::runtime
