//===- Workbook.cpp - The analyze report as a live .xlsx workbook ---------===//
//
// writeWorkbook(): names the sheets, adds them in their order and has the
// sheet writers of WorkbookSheets.h fill them (WorkbookDevice.cpp,
// WorkbookKernels.cpp, WorkbookSummary.cpp, WorkbookLists.cpp); then the
// file goes out through writeOutput() like every other output.
//
//===----------------------------------------------------------------------===//
#include "Report/Workbook.h"
#include "Report/WorkbookSheets.h"
#include "Support/OutputFile.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"

#include <map>
#include <set>

using namespace llvm;

namespace clspread {

#ifndef CLSPREAD_HAVE_XLSXWRITER

bool workbookSupported() { return false; }

Error writeWorkbook(const std::vector<ProfiledReport> &, const ReportOptions &,
                    const std::string &) {
  return createStringError(inconvertibleErrorCode(),
                           "this clspread was built without libxlsxwriter "
                           "(install libxlsxwriter-dev and rebuild)");
}

#else

bool workbookSupported() { return true; }

using namespace workbook;

namespace {

/// The sheet names of each device: Device and Kernels for one, "Device ID"
/// and "Kernels ID" for several, or "Device N" (its place in --profile)
/// where the id cannot name a sheet (over Excel's 31 characters, a
/// character sheet names may not hold, or the same id twice).
std::vector<DeviceSheets> sheetNames(const std::vector<ProfiledReport> &Rs) {
  std::vector<DeviceSheets> Names(Rs.size());
  if (Rs.size() == 1)
    return Names;
  std::map<std::string, unsigned> Uses;
  for (const ProfiledReport &PR : Rs)
    ++Uses[PR.Report->ProfileId];
  // A tag already given (an id "2" beside a duplicated id numbered 2)
  // falls back to a number no other sheet has. (Ids are lowercase, so
  // Excel's case-blind comparison of names adds no collision.)
  std::set<std::string> Taken;
  for (size_t I = 0; I < Rs.size(); ++I) {
    const std::string &Id = Rs[I].Report->ProfileId;
    bool Usable = !Id.empty() && Id.size() + 8 <= 31 && Uses[Id] == 1 &&
                  Id.find_first_of("[]:*?/\\'") == std::string::npos;
    std::string Tag = Usable ? Id : std::to_string(I + 1);
    for (size_t N = Rs.size() + 1; Taken.count(Tag); ++N)
      Tag = std::to_string(N);
    Taken.insert(Tag);
    Names[I] = {"Device " + Tag, "Kernels " + Tag, true};
  }
  return Names;
}

/// Writes the workbook to \p File (libxlsxwriter opens it by name).
Error writeTo(const std::string &File, const std::vector<ProfiledReport> &Rs,
              const ReportOptions &O) {
  lxw_workbook *WB = workbook_new(File.c_str());
  if (!WB)
    return createStringError(inconvertibleErrorCode(),
                             "libxlsxwriter could not start a workbook");
  lxw_doc_properties Props{};
  std::string Ids;
  for (const ProfiledReport &PR : Rs)
    Ids += (Ids.empty() ? "" : ", ") + PR.Profile->Id;
  std::string Title = "clspread analyze on " + Ids;
  std::string Comments = "Tkernel = max(T_ALU, T_TEX, T_MEM); clspread " +
                         Rs.front().Report->ToolVersion + ", docs/workbook.md";
  Props.title = Title.data();
  Props.comments = Comments.data();
  workbook_set_properties(WB, &Props);

  Shared S(WB);
  std::vector<DeviceSheets> Names = sheetNames(Rs);
  lxw_worksheet *Summary =
      Rs.size() > 1 ? workbook_add_worksheet(WB, "Summary") : nullptr;
  std::vector<std::pair<lxw_worksheet *, lxw_worksheet *>> Sheets;
  for (const DeviceSheets &N : Names) {
    lxw_worksheet *Device = workbook_add_worksheet(WB, N.Device.c_str());
    Sheets.emplace_back(Device, workbook_add_worksheet(WB, N.Kernels.c_str()));
  }
  // libxlsxwriter refuses a name (NULL) rather than failing later; every
  // later write would dereference it.
  bool Refused = (Rs.size() > 1 && !Summary);
  for (auto &[D, K] : Sheets)
    Refused |= !D || !K;
  if (Refused) {
    workbook_close(WB); // frees it; writeWorkbook removes the file
    return createStringError(inconvertibleErrorCode(),
                             "libxlsxwriter refused a sheet name");
  }
  std::vector<KernelsLayout> Layouts;
  for (size_t I = 0; I < Rs.size(); ++I)
    Layouts.push_back(DeviceWriter(S, *Rs[I].Report, *Rs[I].Profile, Names[I])
                          .write(Sheets[I].first, Sheets[I].second));
  if (Summary)
    SummaryWriter(S).write(Summary, Rs, Names, Layouts);
  ListWriter(S, Rs, O).write();

  // workbook_close() frees the workbook whatever happens.
  lxw_error Closed = workbook_close(WB);
  lxw_error E = S.St.First != LXW_NO_ERROR ? S.St.First : Closed;
  if (E != LXW_NO_ERROR)
    return createStringError(inconvertibleErrorCode(), "libxlsxwriter: %s",
                             lxw_strerror(E));
  return Error::success();
}

} // namespace

Error writeWorkbook(const std::vector<ProfiledReport> &Reports,
                    const ReportOptions &O, const std::string &Path) {
  namespace fs = llvm::sys::fs;
  // libxlsxwriter writes by name: into a private temporary file, whose
  // bytes then go through writeOutput() like every other output (whole or
  // not at all, the target's mode kept, a device written in place).
  SmallString<256> Temp;
  if (std::error_code EC =
          fs::createTemporaryFile("clspread-workbook", "xlsx", Temp))
    return make_error<OutputError>(Path, "cannot create a temporary file: " +
                                             EC.message());
  sys::RemoveFileOnSignal(Temp);
  auto Cleanup = llvm::make_scope_exit([&] {
    fs::remove(Temp);
    sys::DontRemoveFileOnSignal(Temp);
  });
  if (Error E = writeTo(std::string(Temp), Reports, O))
    return E;
  auto Bytes = MemoryBuffer::getFile(Temp, /*IsText=*/false);
  if (!Bytes)
    return make_error<OutputError>(Path, Bytes.getError().message());
  return writeOutput(Path, (*Bytes)->getBuffer());
}

#endif // CLSPREAD_HAVE_XLSXWRITER

} // namespace clspread
