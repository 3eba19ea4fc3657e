//===- DeviceInfo.h - Platforms, devices and their figures ------*- C++ -*-===//
//
// --list prints, and every measurement embeds, the figures a device profile
// (device-profiles/*.yaml) needs: compute units, clock, memory sizes,
// work-group limits and the preferred work-group size multiple. The last
// is a kernel property in OpenCL, so it is read from a trivial kernel built
// for the purpose (a warp/wavefront/SIMD width on most GPUs).
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_DEVICEINFO_H
#define CLSPREAD_RUNTIME_DEVICEINFO_H

#include "OpenCL.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace clspread::runtime {

struct DeviceInfo {
  std::string Name, Vendor, DriverVersion, Version, OpenCLCVersion, Type;
  unsigned ComputeUnits = 0, MaxClockMHz = 0;
  uint64_t GlobalMemBytes = 0, MaxAllocBytes = 0, LocalMemBytes = 0,
           ConstantBytes = 0;
  uint64_t GlobalCacheBytes = 0, CacheLineBytes = 0;
  std::string LocalMemType; ///< "local" (dedicated) or "global" (emulated)
  uint64_t MaxWorkGroupSize = 0;
  std::array<uint64_t, 3> MaxWorkItemSizes = {0, 0, 0};
  uint64_t PreferredMultiple = 0; ///< 0 when the trivial kernel did not build
  bool ImageSupport = false;
  uint64_t Image2DMaxWidth = 0, Image2DMaxHeight = 0;
  bool Fp64 = false;
  uint64_t TimerResolutionNs = 0;
  std::array<unsigned, 7> PreferredVectorWidth =
      {}; ///< char short int long float double half

  nlohmann::json toJson() const;
};

struct DeviceRef {
  cl_platform_id Platform = nullptr;
  cl_device_id Device = nullptr;
  unsigned PlatformIndex = 0; ///< position in clGetPlatformIDs
  unsigned DeviceIndex = 0; ///< position among the selected platforms' devices
  std::string PlatformName, PlatformVendor, PlatformVersion;
  cl_device_type Type = 0;
};

/// No platform/device matched, or no OpenCL at all (exit status 2).
class DeviceError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Devices of the platforms matching \p PlatformSel ("" = all; a number is
/// an index into clGetPlatformIDs, otherwise a case-insensitive substring
/// of the platform name or vendor), numbered across those platforms.
std::vector<DeviceRef> listDevices(const std::string &PlatformSel);

/// Picks a device: \p DeviceSel "" = the first GPU, else the first device;
/// a number indexes listDevices(); other text matches name or vendor.
DeviceRef selectDevice(const std::string &PlatformSel,
                       const std::string &DeviceSel);

/// Queries the figures of \p Dev; builds a trivial kernel when
/// \p WithPreferredMultiple for CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE.
DeviceInfo queryDeviceInfo(cl_device_id Dev, bool WithPreferredMultiple = true);

/// Text listing of platforms and devices for --list.
void printDeviceList(std::ostream &OS, const std::vector<DeviceRef> &Devices);
/// JSON listing for --list --json.
nlohmann::json deviceListJson(const std::vector<DeviceRef> &Devices);

std::string deviceTypeName(cl_device_type T);

} // namespace clspread::runtime

#endif
