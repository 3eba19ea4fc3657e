//===- ImageFormat.h - Plan image formats to OpenCL formats -----*- C++ -*-===//
//
// Plans spell image formats without the CL_ prefix ("RGBA", "UNORM_INT8").
// Besides the cl_image_format, the runner needs each format's pixel size
// and the scalar type of its channels, to fill images with random data and
// to read written images back as numbers.
//
//===----------------------------------------------------------------------===//
#ifndef CLSPREAD_RUNTIME_IMAGEFORMAT_H
#define CLSPREAD_RUNTIME_IMAGEFORMAT_H

#include "ElemType.h"
#include "OpenCL.h"

#include <optional>
#include <string>

namespace clspread::runtime {

struct ImageFormat {
  cl_image_format Format{};
  size_t PixelBytes = 0;
  ElemType
      Channel; ///< scalar type of one channel (packed formats: the whole pixel)
};

/// Resolves "RGBA" + "FLOAT"; nullopt with \p Error set when unknown.
std::optional<ImageFormat> parseImageFormat(const std::string &Order,
                                            const std::string &Type,
                                            std::string &Error);

/// Names without the CL_ prefix, for messages.
const char *channelOrderName(cl_channel_order O);
const char *channelTypeName(cl_channel_type T);

} // namespace clspread::runtime

#endif
