//===- MeasuredSection.cpp - A profile's measured: block, rewritten -------===//
//
// withMeasured (CalibrateDriver.h): the profile's text with calibrate's
// figures in its `measured:` section, everything else as written.
//
//===----------------------------------------------------------------------===//
#include "Driver/CalibrateDriver.h"

#include <algorithm>
#include <sstream>

namespace clspread {

static std::string quoted(const std::string &S) {
  std::string O = "\"";
  for (char C : S)
    O += (C == '"' || C == '\\') ? std::string("\\") + C : std::string(1, C);
  return O + "\"";
}

std::string withMeasured(const std::string &Text,
                         const std::vector<DerivedFigure> &Figures,
                         const std::string &Command, const std::string &Device,
                         const std::string &Driver, const std::string &Date) {
  // Take the existing top-level `measured:` block out (up to the next
  // top-level key) and keep everything else as written, comments included.
  // Entries of the old block that this run does not measure again stay:
  // calibrating one figure must not lose the others.
  const std::string Banner = "# Written by `clspread calibrate`; datasheet "
                             "figures above stay as they are.";
  std::istringstream In(Text);
  std::string Line, Kept, Old, Entry, EntryPath;
  bool Skipping = false;
  auto entryText = [&](const DerivedFigure &F) {
    std::string E = "  " + F.Path + ":\n";
    E += "    value: " + F.Value + "\n";
    E += "    command: " + quoted(Command) + "\n";
    E += "    device: " + quoted(Device) + "\n";
    if (!Driver.empty())
      E += "    driver: " + quoted(Driver) + "\n";
    E += "    date: " + Date + "\n";
    E += "    note: " + quoted(F.Note) + "\n";
    return E;
  };
  std::vector<bool> Written(Figures.size(), false);
  // An old entry is replaced in place by this run's figure, if any.
  auto flushEntry = [&] {
    if (EntryPath.empty())
      return;
    auto It = std::find_if(
        Figures.begin(), Figures.end(),
        [&](const DerivedFigure &F) { return F.Path == EntryPath; });
    if (It == Figures.end()) {
      Old += Entry;
    } else {
      Old += entryText(*It);
      Written[size_t(It - Figures.begin())] = true;
    }
    Entry.clear();
    EntryPath.clear();
  };
  while (std::getline(In, Line)) {
    bool TopLevel =
        !Line.empty() && Line[0] != ' ' && Line[0] != '#' && Line[0] != '\t';
    if (TopLevel) {
      if (Skipping)
        flushEntry();
      Skipping = Line.rfind("measured:", 0) == 0;
      if (Skipping)
        continue;
    }
    if (!Skipping) {
      if (Line != Banner)
        Kept += Line + "\n";
      continue;
    }
    // Inside the old block: "  PATH:" starts an entry.
    if (Line.size() > 2 && Line[0] == ' ' && Line[1] == ' ' && Line[2] != ' ' &&
        Line.back() == ':') {
      flushEntry();
      EntryPath = Line.substr(2, Line.size() - 3);
    }
    Entry += Line + "\n";
  }
  if (Skipping)
    flushEntry();
  // The block goes last, but before `validation:` (validate
  // --update-profile's records), which stays the file's last block.
  std::string Tail;
  if (size_t At = ("\n" + Kept).find("\nvalidation:");
      At != std::string::npos) {
    Tail = "\n" + Kept.substr(At);
    Kept.erase(At);
  }
  while (Kept.size() > 1 && Kept[Kept.size() - 1] == '\n' &&
         Kept[Kept.size() - 2] == '\n')
    Kept.pop_back();
  Kept += "\n" + Banner + "\nmeasured:\n" + Old;
  for (size_t I = 0; I < Figures.size(); ++I)
    if (!Written[I])
      Kept += entryText(Figures[I]);
  return Kept + Tail;
}

} // namespace clspread
