//===- DeviceInfo.cpp - Platforms, devices and their figures --------------===//
#include "DeviceInfo.h"
#include "ClError.h"
#include "ClHandle.h"

#include <algorithm>
#include <cctype>
#include <iomanip>
#include <sstream>

namespace clspread::runtime {

namespace {

std::string platformString(cl_platform_id P, cl_platform_info What) {
  size_t Size = 0;
  if (clGetPlatformInfo(P, What, 0, nullptr, &Size) != CL_SUCCESS || Size == 0)
    return {};
  std::string S(Size, '\0');
  check(clGetPlatformInfo(P, What, Size, S.data(), nullptr),
        "clGetPlatformInfo");
  S.resize(S.find('\0') == std::string::npos ? S.size() : S.find('\0'));
  return S;
}

std::string deviceString(cl_device_id D, cl_device_info What) {
  size_t Size = 0;
  if (clGetDeviceInfo(D, What, 0, nullptr, &Size) != CL_SUCCESS || Size == 0)
    return {};
  std::string S(Size, '\0');
  check(clGetDeviceInfo(D, What, Size, S.data(), nullptr), "clGetDeviceInfo");
  S.resize(S.find('\0') == std::string::npos ? S.size() : S.find('\0'));
  // Some drivers pad names with spaces.
  while (!S.empty() && std::isspace((unsigned char)S.back()))
    S.pop_back();
  return S;
}

/// Reads a numeric device figure; figures a driver does not report stay 0
/// rather than failing the listing (oclgrind lacks a few).
template <typename T> T deviceValue(cl_device_id D, cl_device_info What) {
  T V{};
  if (clGetDeviceInfo(D, What, sizeof V, &V, nullptr) != CL_SUCCESS)
    return T{};
  return V;
}

std::string lower(std::string S) {
  std::transform(S.begin(), S.end(), S.begin(),
                 [](unsigned char C) { return char(std::tolower(C)); });
  return S;
}

bool isNumber(const std::string &S) {
  return !S.empty() && std::all_of(S.begin(), S.end(), [](unsigned char C) {
    return std::isdigit(C);
  });
}

uint64_t preferredMultiple(cl_device_id Dev) {
  // Any small kernel will do; the value is a property of the device's SIMD
  // width in practice, though OpenCL defines it per kernel.
  static const char *Src = "__kernel void clspread_probe(__global float *a) {"
                           "  a[get_global_id(0)] += 1.0f; }";
  cl_int Err = CL_SUCCESS;
  cl_device_id D = Dev;
  Context Ctx(clCreateContext(nullptr, 1, &D, nullptr, nullptr, &Err));
  if (Err != CL_SUCCESS)
    return 0;
  Program Prog(clCreateProgramWithSource(Ctx.get(), 1, &Src, nullptr, &Err));
  if (Err != CL_SUCCESS ||
      clBuildProgram(Prog.get(), 1, &D, "", nullptr, nullptr) != CL_SUCCESS)
    return 0;
  Kernel K(clCreateKernel(Prog.get(), "clspread_probe", &Err));
  if (Err != CL_SUCCESS)
    return 0;
  size_t M = 0;
  if (clGetKernelWorkGroupInfo(K.get(), D,
                               CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                               sizeof M, &M, nullptr) != CL_SUCCESS)
    return 0;
  return M;
}

} // namespace

std::string deviceTypeName(cl_device_type T) {
  if (T & CL_DEVICE_TYPE_GPU)
    return "GPU";
  if (T & CL_DEVICE_TYPE_CPU)
    return "CPU";
  if (T & CL_DEVICE_TYPE_ACCELERATOR)
    return "ACCELERATOR";
  if (T & CL_DEVICE_TYPE_CUSTOM)
    return "CUSTOM";
  return "OTHER";
}

std::vector<DeviceRef> listDevices(const std::string &PlatformSel) {
  cl_uint NP = 0;
  cl_int Err = clGetPlatformIDs(0, nullptr, &NP);
  const cl_int PlatformNotFoundKhr = -1001; // cl_ext.h, returned by ICD loaders
  if (Err == PlatformNotFoundKhr || NP == 0)
    throw DeviceError("no OpenCL platform found (is an ICD registered in "
                      "/etc/OpenCL/vendors? see docs/runner.md)");
  check(Err, "clGetPlatformIDs");
  std::vector<cl_platform_id> Platforms(NP);
  check(clGetPlatformIDs(NP, Platforms.data(), nullptr), "clGetPlatformIDs");

  std::vector<DeviceRef> Out;
  bool AnyPlatform = false;
  for (unsigned PI = 0; PI < NP; ++PI) {
    DeviceRef Base;
    Base.Platform = Platforms[PI];
    Base.PlatformIndex = PI;
    Base.PlatformName = platformString(Platforms[PI], CL_PLATFORM_NAME);
    Base.PlatformVendor = platformString(Platforms[PI], CL_PLATFORM_VENDOR);
    Base.PlatformVersion = platformString(Platforms[PI], CL_PLATFORM_VERSION);
    if (!PlatformSel.empty()) {
      bool Match =
          isNumber(PlatformSel)
              ? std::stoul(PlatformSel) == PI
              : lower(Base.PlatformName).find(lower(PlatformSel)) !=
                        std::string::npos ||
                    lower(Base.PlatformVendor).find(lower(PlatformSel)) !=
                        std::string::npos;
      if (!Match)
        continue;
    }
    AnyPlatform = true;
    cl_uint ND = 0;
    Err = clGetDeviceIDs(Platforms[PI], CL_DEVICE_TYPE_ALL, 0, nullptr, &ND);
    if (Err == CL_DEVICE_NOT_FOUND || ND == 0)
      continue;
    check(Err, "clGetDeviceIDs");
    std::vector<cl_device_id> Devs(ND);
    check(clGetDeviceIDs(Platforms[PI], CL_DEVICE_TYPE_ALL, ND, Devs.data(),
                         nullptr),
          "clGetDeviceIDs");
    for (cl_device_id D : Devs) {
      DeviceRef R = Base;
      R.Device = D;
      R.DeviceIndex = unsigned(Out.size());
      R.Type = deviceValue<cl_device_type>(D, CL_DEVICE_TYPE);
      Out.push_back(R);
    }
  }
  if (!PlatformSel.empty() && !AnyPlatform)
    throw DeviceError("no OpenCL platform matches --platform '" + PlatformSel +
                      "' (see --list)");
  return Out;
}

DeviceRef selectDevice(const std::string &PlatformSel,
                       const std::string &DeviceSel) {
  std::vector<DeviceRef> Devs = listDevices(PlatformSel);
  if (Devs.empty())
    throw DeviceError("no OpenCL device found" +
                      (PlatformSel.empty()
                           ? std::string()
                           : " on platform '" + PlatformSel + "'"));
  if (DeviceSel.empty()) {
    for (const DeviceRef &D : Devs)
      if (D.Type & CL_DEVICE_TYPE_GPU)
        return D;
    return Devs.front();
  }
  if (isNumber(DeviceSel)) {
    unsigned long N = std::stoul(DeviceSel);
    if (N >= Devs.size())
      throw DeviceError("--device " + DeviceSel +
                        " is out of range: " + std::to_string(Devs.size()) +
                        " device(s) (see --list)");
    return Devs[N];
  }
  for (const DeviceRef &D : Devs) {
    std::string Name = lower(deviceString(D.Device, CL_DEVICE_NAME));
    std::string Vendor = lower(deviceString(D.Device, CL_DEVICE_VENDOR));
    if (Name.find(lower(DeviceSel)) != std::string::npos ||
        Vendor.find(lower(DeviceSel)) != std::string::npos)
      return D;
  }
  throw DeviceError("no OpenCL device matches --device '" + DeviceSel +
                    "' (see --list)");
}

DeviceInfo queryDeviceInfo(cl_device_id D, bool WithPreferredMultiple) {
  DeviceInfo I;
  I.Name = deviceString(D, CL_DEVICE_NAME);
  I.Vendor = deviceString(D, CL_DEVICE_VENDOR);
  I.DriverVersion = deviceString(D, CL_DRIVER_VERSION);
  I.Version = deviceString(D, CL_DEVICE_VERSION);
  I.OpenCLCVersion = deviceString(D, CL_DEVICE_OPENCL_C_VERSION);
  I.Type = deviceTypeName(deviceValue<cl_device_type>(D, CL_DEVICE_TYPE));
  I.ComputeUnits = deviceValue<cl_uint>(D, CL_DEVICE_MAX_COMPUTE_UNITS);
  I.MaxClockMHz = deviceValue<cl_uint>(D, CL_DEVICE_MAX_CLOCK_FREQUENCY);
  I.GlobalMemBytes = deviceValue<cl_ulong>(D, CL_DEVICE_GLOBAL_MEM_SIZE);
  I.MaxAllocBytes = deviceValue<cl_ulong>(D, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
  I.LocalMemBytes = deviceValue<cl_ulong>(D, CL_DEVICE_LOCAL_MEM_SIZE);
  I.ConstantBytes =
      deviceValue<cl_ulong>(D, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE);
  I.GlobalCacheBytes =
      deviceValue<cl_ulong>(D, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE);
  I.CacheLineBytes =
      deviceValue<cl_uint>(D, CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE);
  cl_device_local_mem_type LT =
      deviceValue<cl_device_local_mem_type>(D, CL_DEVICE_LOCAL_MEM_TYPE);
  I.LocalMemType = LT == CL_LOCAL    ? "local"
                   : LT == CL_GLOBAL ? "global"
                                     : "none";
  I.MaxWorkGroupSize = deviceValue<size_t>(D, CL_DEVICE_MAX_WORK_GROUP_SIZE);
  size_t Sizes[3] = {0, 0, 0};
  cl_uint Dims = deviceValue<cl_uint>(D, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS);
  if (Dims >= 3 && clGetDeviceInfo(D, CL_DEVICE_MAX_WORK_ITEM_SIZES,
                                   sizeof Sizes, Sizes, nullptr) == CL_SUCCESS)
    I.MaxWorkItemSizes = {Sizes[0], Sizes[1], Sizes[2]};
  I.ImageSupport = deviceValue<cl_bool>(D, CL_DEVICE_IMAGE_SUPPORT) != CL_FALSE;
  I.Image2DMaxWidth = deviceValue<size_t>(D, CL_DEVICE_IMAGE2D_MAX_WIDTH);
  I.Image2DMaxHeight = deviceValue<size_t>(D, CL_DEVICE_IMAGE2D_MAX_HEIGHT);
  I.Fp64 = deviceValue<cl_device_fp_config>(D, CL_DEVICE_DOUBLE_FP_CONFIG) != 0;
  I.TimerResolutionNs =
      deviceValue<size_t>(D, CL_DEVICE_PROFILING_TIMER_RESOLUTION);
  const cl_device_info Widths[7] = {CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR,
                                    CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT,
                                    CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT,
                                    CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG,
                                    CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT,
                                    CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE,
                                    CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF};
  for (int W = 0; W < 7; ++W)
    I.PreferredVectorWidth[size_t(W)] = deviceValue<cl_uint>(D, Widths[W]);
  if (WithPreferredMultiple)
    I.PreferredMultiple = preferredMultiple(D);
  return I;
}

nlohmann::json DeviceInfo::toJson() const {
  nlohmann::json J;
  J["name"] = Name;
  J["vendor"] = Vendor;
  J["driver_version"] = DriverVersion;
  J["opencl_version"] = Version;
  J["opencl_c_version"] = OpenCLCVersion;
  J["type"] = Type;
  J["compute_units"] = ComputeUnits;
  J["max_clock_mhz"] = MaxClockMHz;
  J["global_mem_bytes"] = GlobalMemBytes;
  J["max_alloc_bytes"] = MaxAllocBytes;
  J["global_cache_bytes"] = GlobalCacheBytes;
  J["cache_line_bytes"] = CacheLineBytes;
  J["local_mem_bytes"] = LocalMemBytes;
  J["local_mem_type"] = LocalMemType;
  J["constant_buffer_bytes"] = ConstantBytes;
  J["max_work_group_size"] = MaxWorkGroupSize;
  J["max_work_item_sizes"] = MaxWorkItemSizes;
  J["preferred_work_group_size_multiple"] =
      PreferredMultiple ? nlohmann::json(PreferredMultiple)
                        : nlohmann::json(nullptr);
  J["image_support"] = ImageSupport;
  J["image2d_max_size"] = {Image2DMaxWidth, Image2DMaxHeight};
  J["fp64"] = Fp64;
  J["timer_resolution_ns"] = TimerResolutionNs;
  const char *Names[7] = {"char",  "short",  "int", "long",
                          "float", "double", "half"};
  for (int W = 0; W < 7; ++W)
    J["preferred_vector_width"][Names[W]] = PreferredVectorWidth[size_t(W)];
  return J;
}

static std::string mib(uint64_t Bytes) {
  std::ostringstream S;
  if (Bytes >= (1ull << 30))
    S << std::fixed << std::setprecision(1)
      << double(Bytes) / double(1ull << 30) << " GiB";
  else if (Bytes >= (1ull << 20))
    S << std::fixed << std::setprecision(1)
      << double(Bytes) / double(1ull << 20) << " MiB";
  else
    S << Bytes / 1024 << " KiB";
  return S.str();
}

void printDeviceList(std::ostream &OS, const std::vector<DeviceRef> &Devices) {
  int LastPlatform = -1;
  for (const DeviceRef &R : Devices) {
    if (int(R.PlatformIndex) != LastPlatform) {
      LastPlatform = int(R.PlatformIndex);
      OS << "platform " << R.PlatformIndex << ": " << R.PlatformName << " ("
         << R.PlatformVendor << ", " << R.PlatformVersion << ")\n";
    }
    DeviceInfo I = queryDeviceInfo(R.Device);
    OS << "  device " << R.DeviceIndex << ": " << I.Name << " [" << I.Type
       << "]\n"
       << "    vendor:                 " << I.Vendor << "\n"
       << "    driver version:         " << I.DriverVersion << "\n"
       << "    OpenCL version:         " << I.Version << " ("
       << I.OpenCLCVersion << ")\n"
       << "    compute units:          " << I.ComputeUnits << "\n"
       << "    max clock:              " << I.MaxClockMHz << " MHz\n"
       << "    global memory:          " << mib(I.GlobalMemBytes)
       << " (max alloc " << mib(I.MaxAllocBytes) << ")\n"
       << "    local memory:           " << mib(I.LocalMemBytes) << " ("
       << I.LocalMemType << ")\n"
       << "    max work-group size:    " << I.MaxWorkGroupSize << " (items "
       << I.MaxWorkItemSizes[0] << "x" << I.MaxWorkItemSizes[1] << "x"
       << I.MaxWorkItemSizes[2] << ")\n"
       << "    preferred wg multiple:  "
       << (I.PreferredMultiple ? std::to_string(I.PreferredMultiple)
                               : std::string("unknown"))
       << "\n"
       << "    max image2d size:       "
       << (I.ImageSupport ? std::to_string(I.Image2DMaxWidth) + "x" +
                                std::to_string(I.Image2DMaxHeight)
                          : std::string("no image support"))
       << "\n";
  }
}

nlohmann::json deviceListJson(const std::vector<DeviceRef> &Devices) {
  nlohmann::json Platforms = nlohmann::json::array();
  int LastPlatform = -1;
  for (const DeviceRef &R : Devices) {
    if (int(R.PlatformIndex) != LastPlatform) {
      LastPlatform = int(R.PlatformIndex);
      Platforms.push_back({{"index", R.PlatformIndex},
                           {"name", R.PlatformName},
                           {"vendor", R.PlatformVendor},
                           {"version", R.PlatformVersion},
                           {"devices", nlohmann::json::array()}});
    }
    nlohmann::json D = queryDeviceInfo(R.Device).toJson();
    D["index"] = R.DeviceIndex;
    Platforms.back()["devices"].push_back(D);
  }
  return {{"schema", 1}, {"tool", "clspread-run"}, {"platforms", Platforms}};
}

} // namespace clspread::runtime
