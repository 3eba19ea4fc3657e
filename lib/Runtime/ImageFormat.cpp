//===- ImageFormat.cpp - Plan image formats to OpenCL formats -------------===//
#include "ImageFormat.h"

namespace clspread::runtime {

namespace {
struct OrderEntry {
  const char *Name;
  cl_channel_order Order;
  unsigned Channels;
};
const OrderEntry Orders[] = {{"R", CL_R, 1},
                             {"A", CL_A, 1},
                             {"RG", CL_RG, 2},
                             {"RA", CL_RA, 2},
                             {"RGB", CL_RGB, 3},
                             {"RGBA", CL_RGBA, 4},
                             {"BGRA", CL_BGRA, 4},
                             {"ARGB", CL_ARGB, 4},
                             {"INTENSITY", CL_INTENSITY, 1},
                             {"LUMINANCE", CL_LUMINANCE, 1},
                             {"Rx", CL_Rx, 1},
                             {"RGx", CL_RGx, 2},
                             {"RGBx", CL_RGBx, 3}};

struct TypeEntry {
  const char *Name;
  cl_channel_type Type;
  const char *Elem;
  unsigned Bytes;
  bool Packed;
};
const TypeEntry Types[] = {
    {"SNORM_INT8", CL_SNORM_INT8, "char", 1, false},
    {"SNORM_INT16", CL_SNORM_INT16, "short", 2, false},
    {"UNORM_INT8", CL_UNORM_INT8, "uchar", 1, false},
    {"UNORM_INT16", CL_UNORM_INT16, "ushort", 2, false},
    {"UNORM_SHORT_565", CL_UNORM_SHORT_565, "ushort", 2, true},
    {"UNORM_SHORT_555", CL_UNORM_SHORT_555, "ushort", 2, true},
    {"UNORM_INT_101010", CL_UNORM_INT_101010, "uint", 4, true},
    {"SIGNED_INT8", CL_SIGNED_INT8, "char", 1, false},
    {"SIGNED_INT16", CL_SIGNED_INT16, "short", 2, false},
    {"SIGNED_INT32", CL_SIGNED_INT32, "int", 4, false},
    {"UNSIGNED_INT8", CL_UNSIGNED_INT8, "uchar", 1, false},
    {"UNSIGNED_INT16", CL_UNSIGNED_INT16, "ushort", 2, false},
    {"UNSIGNED_INT32", CL_UNSIGNED_INT32, "uint", 4, false},
    {"HALF_FLOAT", CL_HALF_FLOAT, "half", 2, false},
    {"FLOAT", CL_FLOAT, "float", 4, false}};

std::string strip(const std::string &S) {
  return S.rfind("CL_", 0) == 0 ? S.substr(3) : S;
}
} // namespace

std::optional<ImageFormat> parseImageFormat(const std::string &OrderText,
                                            const std::string &TypeText,
                                            std::string &Error) {
  const OrderEntry *O = nullptr;
  for (const OrderEntry &E : Orders)
    if (strip(OrderText) == E.Name)
      O = &E;
  const TypeEntry *T = nullptr;
  for (const TypeEntry &E : Types)
    if (strip(TypeText) == E.Name)
      T = &E;
  if (!O) {
    Error = "unknown channel_order \"" + OrderText + "\"";
    return std::nullopt;
  }
  if (!T) {
    Error = "unknown channel_type \"" + TypeText + "\"";
    return std::nullopt;
  }
  ImageFormat F;
  F.Format.image_channel_order = O->Order;
  F.Format.image_channel_data_type = T->Type;
  F.PixelBytes = T->Packed ? T->Bytes : T->Bytes * O->Channels;
  F.Channel = *parseElemType(T->Elem);
  return F;
}

const char *channelOrderName(cl_channel_order O) {
  for (const OrderEntry &E : Orders)
    if (E.Order == O)
      return E.Name;
  return "?";
}

const char *channelTypeName(cl_channel_type T) {
  for (const TypeEntry &E : Types)
    if (E.Type == T)
      return E.Name;
  return "?";
}

} // namespace clspread::runtime
