//===- Plan.cpp - Loading and validating a measurement plan ---------------===//
#include "Plan.h"
#include "Checksum.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/stat.h>

using nlohmann::json;

namespace clspread::runtime {

const char *accessName(Access A) {
  switch (A) {
  case Access::Read:
    return "read";
  case Access::Write:
    return "write";
  case Access::ReadWrite:
    return "read_write";
  }
  return "read_write";
}

std::string sizesText(const std::array<uint64_t, 3> &S, unsigned Dims) {
  std::string T = "[";
  for (unsigned I = 0; I < Dims; ++I) {
    if (I)
      T += ',';
    T += std::to_string(S[I]);
  }
  return T + "]";
}

namespace {

/// Why \p Path is no input for the runner: not a regular file (a FIFO
/// would block for ever, /dev/zero never end) or larger than \p Max bytes;
/// "" when it may be read (or does not exist: the open reports that).
std::string notReadable(const std::string &Path, uint64_t Max) {
  struct stat St;
  if (::stat(Path.c_str(), &St) != 0)
    return "";
  if (S_ISFIFO(St.st_mode))
    return "a FIFO, not a regular file";
  if (S_ISCHR(St.st_mode) || S_ISBLK(St.st_mode))
    return "a device, not a regular file";
  if (S_ISDIR(St.st_mode))
    return "a directory, not a regular file";
  if (!S_ISREG(St.st_mode))
    return "not a regular file";
  if (uint64_t(St.st_size) > Max)
    return "larger than " + std::to_string(Max >> 20) + " MiB";
  return "";
}

/// The plan file or a kernel source: regular files only (a FIFO would
/// block the runner), size checked before reading (a huge file would
/// exhaust memory). \p Why says what went wrong.
std::string readFile(const std::string &Path, bool &Ok,
                     std::string *Why = nullptr,
                     uint64_t Max = uint64_t(256) << 20) {
  if (std::string Bad = notReadable(Path, Max); !Bad.empty()) {
    Ok = false;
    if (Why)
      *Why = Bad;
    return "";
  }
  std::ifstream In(Path, std::ios::binary);
  Ok = bool(In);
  std::ostringstream S;
  if (Ok)
    S << In.rdbuf();
  else if (Why)
    *Why = "cannot open it";
  return S.str();
}

std::string dirOf(const std::string &Path) {
  size_t Slash = Path.find_last_of('/');
  return Slash == std::string::npos ? "."
                                    : Path.substr(0, Slash == 0 ? 1 : Slash);
}

/// Collects the problems of one kernel entry with a shared prefix.
struct Checker {
  KernelSpec &K;
  void problem(const std::string &Msg) { K.Problems.push_back(Msg); }
  void warn(const std::string &Msg) { K.Warnings.push_back(Msg); }

  /// A string field, or \p Default when absent.
  std::string strOr(const json &J, const char *Key, const char *Default) {
    std::string S = str(J, Key, false);
    return J.contains(Key) && !J[Key].is_null() ? S : Default;
  }
  /// A boolean field, false when absent. (json::value() would throw a
  /// type_error on a field of another type: found by fuzz_Plan.)
  bool flag(const json &J, const char *Key) {
    auto It = J.find(Key);
    if (It == J.end() || It->is_null())
      return false;
    if (!It->is_boolean()) {
      problem(std::string("\"") + Key + "\" must be true or false");
      return false;
    }
    return It->get<bool>();
  }

  std::string str(const json &J, const char *Key, bool Required) {
    auto It = J.find(Key);
    if (It == J.end() || It->is_null()) {
      if (Required)
        problem(std::string("missing \"") + Key + "\"");
      return {};
    }
    if (!It->is_string()) {
      problem(std::string("\"") + Key + "\" must be a string");
      return {};
    }
    return It->get<std::string>();
  }

  /// A non-negative integer field; nullopt when absent or null.
  std::optional<uint64_t> count(const json &J, const char *Key,
                                const std::string &Where) {
    auto It = J.find(Key);
    if (It == J.end() || It->is_null())
      return std::nullopt;
    if (It->is_number_unsigned())
      return It->get<uint64_t>();
    if (It->is_number_integer() && It->get<int64_t>() >= 0)
      return uint64_t(It->get<int64_t>());
    // (Below 2^64: converting a larger double would be undefined.)
    if (It->is_number_float() && It->get<double>() >= 0 &&
        It->get<double>() < 0x1p64 &&
        std::floor(It->get<double>()) == It->get<double>())
      return uint64_t(It->get<double>());
    problem(Where + "\"" + Key + "\" must be a non-negative integer, got " +
            It->dump());
    return std::nullopt;
  }

  std::optional<std::array<uint64_t, 3>> sizes(const json &J, const char *Key,
                                               unsigned Dims) {
    auto It = J.find(Key);
    if (It == J.end() || It->is_null())
      return std::nullopt;
    std::array<uint64_t, 3> S = {1, 1, 1};
    if (It->is_number()) { // a bare number is accepted for 1-D launches
      double D = It->get<double>();
      if (D < 1 || D >= 0x1p64 || std::floor(D) != D ||
          (It->is_number_integer() && !It->is_number_unsigned() &&
           It->get<int64_t>() < 1)) {
        problem(std::string("\"") + Key +
                "\" must be a positive integer, got " + It->dump());
        return std::nullopt;
      }
      S[0] = It->is_number_float() ? uint64_t(D) : It->get<uint64_t>();
    } else if (It->is_array() && !It->empty() && It->size() <= 3) {
      for (size_t I = 0; I < It->size(); ++I) {
        const json &V = (*It)[I];
        if (!V.is_number_integer() || V.get<int64_t>() <= 0) {
          problem(std::string("\"") + Key +
                  "\" entries must be positive integers, got " + It->dump());
          return std::nullopt;
        }
        S[I] = V.get<uint64_t>();
      }
      for (size_t I = Dims; I < It->size(); ++I)
        if (S[I] != 1)
          problem(std::string("\"") + Key + "\" has size " +
                  std::to_string(S[I]) + " in dimension " + std::to_string(I) +
                  " but \"dims\" is " + std::to_string(Dims));
    } else {
      problem(std::string("\"") + Key +
              "\" must be an array of 1 to 3 positive integers");
      return std::nullopt;
    }
    if (S[0] == 0)
      problem(std::string("\"") + Key + "\" must be positive");
    return S;
  }
};

Access parseAccess(Checker &C, const json &A, const std::string &Where) {
  std::string S = C.str(A, "access", false);
  if (S == "read" || S == "read_only")
    return Access::Read;
  if (S == "write" || S == "write_only")
    return Access::Write;
  if (S == "read_write")
    return Access::ReadWrite;
  if (S.empty())
    C.warn(Where + "no \"access\"; treated as read_write (filled with input "
                   "data, checksummed)");
  else
    C.problem(Where + "\"access\" must be read, write or read_write, got \"" +
              S + "\"");
  return Access::ReadWrite;
}

template <typename T> void put(std::vector<unsigned char> &Out, T V) {
  unsigned char B[sizeof(T)];
  std::memcpy(B, &V, sizeof V);
  Out.insert(Out.end(), B, B + sizeof B);
}

/// Encodes one lane of a scalar argument; false if out of range.
bool encodeLane(std::vector<unsigned char> &Out, Scalar K, const json &V,
                std::string &Err) {
  // Booleans are refused too: nlohmann's number getters throw on them,
  // which used to abort the whole plan with a message naming nothing.
  if (!V.is_number()) {
    Err = "\"value\" must be a number, got " + V.dump();
    return false;
  }
  if (K == Scalar::Float || K == Scalar::Double || K == Scalar::Half) {
    double D = V.get<double>();
    if (K == Scalar::Float)
      put(Out, float(D));
    else if (K == Scalar::Double)
      put(Out, D);
    else
      put(Out, floatToHalf(float(D)));
    return true;
  }
  // Integers: keep 64-bit values exact (nlohmann stores them as integers).
  bool Neg =
      V.is_number_integer() && !V.is_number_unsigned() && V.get<int64_t>() < 0;
  if (V.is_number_float()) {
    double D = V.get<double>();
    if (std::floor(D) != D) {
      Err = "value " + V.dump() + " is not an integer";
      return false;
    }
    // Past 64 bits no type holds it, and the conversions below would be
    // undefined.
    if (D < -0x1p63 || D >= 0x1p64) {
      Err = "value " + V.dump() + " does not fit in 64 bits";
      return false;
    }
    Neg = D < 0;
  }
  double F = V.is_number_float() ? V.get<double>() : 0;
  int64_t S = !V.is_number_float() ? V.get<int64_t>()
              : F < 0x1p63         ? int64_t(F)
                                   : 0;
  uint64_t U = !V.is_number_float() ? V.get<uint64_t>()
               : F >= 0             ? uint64_t(F)
                                    : 0;
  auto fits = [&](int64_t Lo, uint64_t Hi) {
    return Neg ? (S >= Lo) : (U <= Hi);
  };
  bool Ok = true;
  switch (K) {
  case Scalar::Char:
    Ok = fits(INT8_MIN, INT8_MAX);
    put(Out, int8_t(S));
    break;
  case Scalar::UChar:
    Ok = !Neg && fits(0, UINT8_MAX);
    put(Out, uint8_t(U));
    break;
  case Scalar::Short:
    Ok = fits(INT16_MIN, INT16_MAX);
    put(Out, int16_t(S));
    break;
  case Scalar::UShort:
    Ok = !Neg && fits(0, UINT16_MAX);
    put(Out, uint16_t(U));
    break;
  case Scalar::Int:
    Ok = fits(INT32_MIN, INT32_MAX);
    put(Out, int32_t(S));
    break;
  case Scalar::UInt:
    Ok = !Neg && fits(0, UINT32_MAX);
    put(Out, uint32_t(U));
    break;
  case Scalar::Long:
    Ok = fits(INT64_MIN, INT64_MAX);
    put(Out, S);
    break;
  case Scalar::ULong:
    Ok = !Neg;
    put(Out, U);
    break;
  default:
    break;
  }
  if (!Ok)
    Err = "value " + V.dump() + " does not fit the type";
  return Ok;
}

/// Parses one argument; false when it has no usable index.
bool parseArg(Checker &C, const json &A, size_t Pos, ArgSpec &Arg) {
  std::string Where = "arg #" + std::to_string(Pos) + ": ";
  if (!A.is_object()) {
    C.problem(Where + "must be an object");
    return false;
  }
  auto Idx = A.find("index");
  bool Given = Idx != A.end() && !Idx->is_null();
  if (auto I = C.count(A, "index", Where)) {
    // An OpenCL argument index is a cl_uint: 2^32 must not wrap to 0.
    if (*I > UINT32_MAX) {
      C.problem(Where + "\"index\" " + std::to_string(*I) +
                " is out of range (an argument index is below 2^32)");
      return false;
    }
    Arg.Index = unsigned(*I);
  } else {
    if (!Given)
      C.problem(Where + "missing \"index\"");
    return false;
  }
  Arg.Name = C.str(A, "name", false);
  if (Arg.Name.empty())
    Arg.Name = "arg" + std::to_string(Arg.Index);
  Where = "arg " + std::to_string(Arg.Index) + " '" + Arg.Name + "': ";
  std::string Kind = C.str(A, "kind", false);

  if (Kind == "buffer") {
    Arg.Kind = ArgKind::Buffer;
    Arg.Acc = parseAccess(C, A, Where);
    auto Bytes = C.count(A, "bytes", Where);
    if (!Bytes || *Bytes == 0)
      C.problem(Where + "buffer size unknown (\"bytes\" is " +
                (Bytes ? std::string("0") : std::string("missing")) +
                "); the plan must give the buffer size in bytes");
    else
      Arg.Bytes = *Bytes;
    std::string Elem = C.str(A, "elem", false);
    auto St = A.find("struct");
    if (St != A.end() && !St->is_null()) {
      // Element type name is the struct's; sampling reads it as bytes.
      auto SB = St->is_object() ? C.count(*St, "bytes", Where) : std::nullopt;
      auto Fs = St->is_object() ? St->find("fields") : St->end();
      if (!SB || *SB == 0 || Fs == St->end() || !Fs->is_array()) {
        C.problem(Where + "\"struct\" must be {\"bytes\": N, \"fields\": "
                          "[{\"offset\", \"elem\"}...]}");
      } else {
        Arg.StructBytes = *SB;
        for (const auto &F : *Fs) {
          auto T = F.is_object() ? parseElemType(C.str(F, "elem", false))
                                 : std::nullopt;
          auto Off = F.is_object() ? C.count(F, "offset", Where) : std::nullopt;
          if (!T || !Off || *Off + T->bytes() > *SB) {
            C.problem(Where + "a struct field needs \"offset\" and a known "
                              "\"elem\" inside the struct's bytes");
            break;
          }
          Arg.Fields.push_back({*Off, *T});
        }
      }
      Elem.clear();
      Arg.Elem = *parseElemType("uchar");
    } else if (Elem.empty()) {
      Arg.Elem = *parseElemType("uchar");
      C.warn(Where + "no \"elem\"; filled and sampled as uchar");
    } else if (auto T = parseElemType(Elem)) {
      Arg.Elem = *T;
    } else {
      C.problem(Where + "unknown element type \"" + Elem + "\"");
    }
    if (Arg.Bytes && Arg.Elem.bytes() && Arg.Bytes % Arg.Elem.bytes())
      C.warn(Where + std::to_string(Arg.Bytes) +
             " bytes is not a whole number of " + Arg.Elem.Name + " (" +
             std::to_string(Arg.Elem.bytes()) + " bytes each)");
    auto R = A.find("range");
    if (R != A.end() && !R->is_null()) {
      if (R->is_array() && R->size() == 2 && (*R)[0].is_number() &&
          (*R)[1].is_number() && (*R)[0].get<double>() <= (*R)[1].get<double>())
        Arg.Range =
            std::make_pair((*R)[0].get<double>(), (*R)[1].get<double>());
      else
        C.problem(Where + "\"range\" must be [lo, hi] with lo <= hi");
    }
    std::string Order = C.str(A, "order", false);
    if (Order == "sorted")
      Arg.Fill = ArgSpec::Order::Sorted;
    else if (Order == "permutation")
      Arg.Fill = ArgSpec::Order::Permutation;
    else if (Order == "monotone")
      Arg.Fill = ArgSpec::Order::Monotone;
    else if (!Order.empty())
      C.problem(Where + "unknown \"order\" \"" + Order +
                "\" (sorted, permutation, monotone)");
    if ((Arg.Fill == ArgSpec::Order::Permutation ||
         Arg.Fill == ArgSpec::Order::Monotone) &&
        !Arg.Range)
      C.problem(Where + "\"order\": \"" + Order + "\" needs a \"range\"");
    if (Arg.Fill != ArgSpec::Order::None && Arg.StructBytes)
      C.problem(Where + "\"order\" applies to buffers of scalars, not structs");
    if (Arg.Fill != ArgSpec::Order::None && Arg.Elem.Lanes != 1)
      C.problem(Where + "\"order\" applies to buffers of scalars, not " +
                Arg.Elem.Name);
  } else if (Kind == "scalar") {
    Arg.Kind = ArgKind::Scalar;
    Arg.TypeName = C.str(A, "type", false);
    auto T = parseElemType(Arg.TypeName);
    if (!T) {
      C.problem(Where + (Arg.TypeName.empty()
                             ? std::string("missing \"type\"")
                             : "unknown scalar type \"" + Arg.TypeName + "\""));
      return true;
    }
    auto V = A.find("value");
    if (V == A.end() || V->is_null()) {
      C.problem(Where + "missing \"value\"");
      return true;
    }
    std::string Err;
    for (unsigned L = 0; L < T->storedLanes(); ++L) {
      json Lane = V->is_array() ? (L < V->size() ? (*V)[L] : json(0)) : *V;
      if (V->is_array() && L >= T->Lanes)
        Lane = 0; // vec3 padding lane
      if (!encodeLane(Arg.Value, T->Kind, Lane, Err)) {
        C.problem(Where + Err + " (" + T->Name + ")");
        return true;
      }
    }
    if (V->is_array() && V->size() != T->Lanes)
      C.problem(Where + "value has " + std::to_string(V->size()) + " lanes, " +
                T->Name + " has " + std::to_string(T->Lanes));
  } else if (Kind == "local") {
    Arg.Kind = ArgKind::Local;
    auto Bytes = C.count(A, "bytes", Where);
    auto PerItem = C.count(A, "bytes_per_item", Where);
    Arg.Bytes = Bytes.value_or(0);
    Arg.BytesPerItem = PerItem.value_or(0);
    if (Arg.Bytes == 0 && Arg.BytesPerItem == 0)
      C.problem(Where + "local memory size unknown (\"bytes\" missing or 0)");
  } else if (Kind == "image2d") {
    Arg.Kind = ArgKind::Image2D;
    Arg.Acc = parseAccess(C, A, Where);
    Arg.Width = C.count(A, "width", Where).value_or(0);
    Arg.Height = C.count(A, "height", Where).value_or(0);
    if (!Arg.Width || !Arg.Height)
      C.problem(Where + "image2d needs positive \"width\" and \"height\"");
    Arg.ChannelOrder = C.strOr(A, "channel_order", "RGBA");
    Arg.ChannelType = C.strOr(A, "channel_type", "FLOAT");
  } else if (Kind == "sampler") {
    Arg.Kind = ArgKind::Sampler;
    Arg.Normalized = C.flag(A, "normalized");
    Arg.Addressing = C.strOr(A, "addressing", "CLAMP_TO_EDGE");
    Arg.Filter = C.strOr(A, "filter", "NEAREST");
  } else if (Kind == "pipe") {
    // Described by clspread plan (element type, packets) so a runner that
    // creates pipes can; this one does not, and says so for this kernel.
    C.problem(Where + "pipe arguments are not supported by clspread-run "
                      "(the kernel needs a producer and a consumer)");
  } else {
    C.problem(Where +
              (Kind.empty() ? std::string("missing \"kind\"")
                            : "unknown kind \"" + Kind + "\"") +
              " (buffer, scalar, local, image2d, sampler)");
  }
  return true;
}

KernelSpec parseKernel(const json &J, size_t Pos, const std::string &BaseDir) {
  KernelSpec K;
  Checker C{K};
  if (!J.is_object()) {
    K.Id = std::to_string(Pos).insert(0, 1, '#');
    C.problem("kernel entry must be an object");
    return K;
  }
  K.Id = C.str(J, "id", false);
  if (K.Id.empty()) {
    K.Id = std::to_string(Pos).insert(0, 1, '#');
    C.problem("missing \"id\"");
  }
  K.File = C.str(J, "file", false);
  K.KernelName = C.str(J, "kernel", true);
  K.BuildOptions = C.str(J, "build_options", false);
  K.VariantOf = C.str(J, "variant_of", false);
  // "include_dirs": where the source's #include files are; a relative one
  // is resolved against the plan's directory. Each becomes an -I option.
  auto Inc = J.find("include_dirs");
  if (Inc != J.end() && !Inc->is_null()) {
    if (!Inc->is_array()) {
      C.problem("\"include_dirs\" must be an array of directory names");
    } else {
      for (const json &D : *Inc) {
        if (!D.is_string() || D.get<std::string>().empty()) {
          C.problem("\"include_dirs\" must be an array of directory names");
          break;
        }
        std::string Dir = D.get<std::string>();
        if (Dir[0] != '/')
          Dir = BaseDir + "/" + Dir;
        K.IncludeDirs.push_back(Dir);
        std::string Opt = "-I";
        if (Dir.find_first_of(" \t\"") == std::string::npos) {
          Opt += Dir;
        } else {
          Opt += '"';
          for (char Ch : Dir) {
            if (Ch == '"' || Ch == '\\')
              Opt += '\\';
            Opt += Ch;
          }
          Opt += '"';
        }
        K.BuildOptions += (K.BuildOptions.empty() ? "" : " ") + Opt;
      }
    }
  }
  auto Src = J.find("source");
  if (Src != J.end() && Src->is_string()) {
    K.Source = Src->get<std::string>();
  } else if (!K.File.empty()) {
    // Runner extension: hand-written plans may point at the .cl file.
    bool Ok = false;
    std::string Why;
    std::string Path = K.File[0] == '/' ? K.File : BaseDir + "/" + K.File;
    const uint64_t MaxSource = uint64_t(64) << 20;
    K.Source = readFile(Path, Ok, &Why, MaxSource);
    if (!Ok && Why == "cannot open it")
      K.Source = readFile(K.File, Ok, &Why, MaxSource);
    if (!Ok)
      C.problem("no \"source\" and cannot read \"file\" " + K.File +
                " (tried " + Path +
                (Why == "cannot open it" ? " and the working directory"
                                         : ": " + Why) +
                ")");
  } else {
    C.problem("missing \"source\" (and no \"file\" to read it from)");
  }

  auto Dims = C.count(J, "dims", "");
  K.Dims = Dims && *Dims <= 3 ? unsigned(*Dims)
           : Dims             ? 0
                              : 1; // no wrap past 2^32
  if (K.Dims < 1 || K.Dims > 3) {
    C.problem("\"dims\" must be 1, 2 or 3");
    K.Dims = 1;
  }
  if (auto G = C.sizes(J, "global", K.Dims))
    K.Global = *G;
  else if (J.find("global") == J.end() || J["global"].is_null())
    C.problem("missing \"global\"");
  K.Local = C.sizes(J, "local", K.Dims);
  K.ModelLocal = C.sizes(J, "model_local", K.Dims);

  auto Args = J.find("args");
  if (Args != J.end() && !Args->is_null()) {
    if (!Args->is_array()) {
      C.problem("\"args\" must be an array");
    } else {
      std::set<unsigned> Seen;
      for (size_t I = 0; I < Args->size(); ++I) {
        ArgSpec A;
        if (parseArg(C, (*Args)[I], I, A) && !Seen.insert(A.Index).second)
          C.problem("arg index " + std::to_string(A.Index) + " given twice");
        K.Args.push_back(std::move(A));
      }
    }
  }
  return K;
}

} // namespace

Plan parsePlan(const std::string &Text, const std::string &Path,
               const std::string &BaseDir) {
  json J;
  try {
    // Comments are accepted so hand-written plans can be annotated.
    J = json::parse(Text, nullptr, true, /*ignore_comments=*/true);
  } catch (const json::exception &E) {
    // parse_error, and out_of_range for a number past double's range
    // ("1e25899906842624", found by fuzz_Plan).
    throw PlanError(Path + ": not valid JSON: " + E.what());
  }
  if (!J.is_object())
    throw PlanError(Path + ": a plan must be a JSON object");
  auto Schema = J.find("schema");
  if (Schema == J.end() || !Schema->is_number_integer() ||
      Schema->get<int>() != 1)
    throw PlanError(
        Path +
        ": unsupported or missing \"schema\" (this runner reads schema 1)");
  auto Kernels = J.find("kernels");
  if (Kernels == J.end() || !Kernels->is_array())
    throw PlanError(Path + ": missing \"kernels\" array");
  Plan P;
  P.Path = Path;
  P.Hash = fnv1a64(Text.data(), Text.size());
  std::set<std::string> Ids;
  for (size_t I = 0; I < Kernels->size(); ++I) {
    KernelSpec K;
    try {
      K = parseKernel((*Kernels)[I], I, BaseDir);
    } catch (const json::exception &E) {
      // A field of an unexpected type that a check above missed: this
      // kernel's error, not the whole plan's.
      const json &Entry = (*Kernels)[I];
      auto Id = Entry.is_object() ? Entry.find("id") : Entry.end();
      K = KernelSpec();
      K.Id = Id != Entry.end() && Id->is_string() ? Id->get<std::string>()
                                                  : "#" + std::to_string(I);
      K.Problems.push_back(std::string("invalid kernel entry: ") + E.what());
    }
    if (!Ids.insert(K.Id).second)
      K.Problems.push_back("id \"" + K.Id +
                           "\" is used by an earlier kernel of the plan");
    P.Kernels.push_back(std::move(K));
  }
  return P;
}

Plan loadPlan(const std::string &Path) {
  bool Ok = false;
  std::string Why;
  std::string Text = readFile(Path, Ok, &Why);
  if (!Ok)
    throw PlanError(Path + ": cannot read the plan file (" + Why + ")");
  return parsePlan(Text, Path, dirOf(Path));
}

} // namespace clspread::runtime
