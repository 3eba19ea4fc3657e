//===- LintConfig.cpp - .clspread.yaml, found by walking up ---------------===//
#include "Lint/LintConfig.h"
#include "Lint/GlobList.h"
#include "Lint/LaunchText.h"
#include "Lint/RuleRegistry.h"
#include "Support/InputFile.h"
#include "Support/PathNames.h"
#include "Support/YamlFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <set>

using namespace llvm;

namespace clspread {

namespace {

class ConfigParser {
public:
  explicit ConfigParser(StringRef FileName) : FileName(FileName.str()) {}

  Error at(const YAML::Mark &M, const std::string &Msg) const {
    return yamlError(FileName, M, Msg);
  }

  Expected<std::string> scalar(const YAML::Node &N, const std::string &What) {
    if (!N.IsScalar())
      return at(N.Mark(), What + " must be a single value");
    return N.Scalar();
  }

  Error globs(const YAML::Node &N, const std::string &Key,
              std::optional<std::string> &Out) {
    auto S = scalar(N, Key);
    if (!S)
      return S.takeError();
    auto G = GlobList::parse(*S);
    if (!G)
      return at(N.Mark(), Key + ": " + toString(G.takeError()));
    if (auto None = G->unmatched(selectableRuleIds()); !None.empty())
      return at(N.Mark(), fmt::format("{}: '{}' matches no rule (clspread lint "
                                      "--list-rules lists them)",
                                      Key, None.front()));
    Out = *S;
    return Error::success();
  }

  Expected<LintConfig> parse(StringRef Text) {
    LintConfig C;
    C.Path = FileName;
    Expected<YAML::Node> Loaded = loadYaml(Text, FileName);
    if (!Loaded)
      return Loaded.takeError();
    YAML::Node Root = *Loaded;
    if (Root.IsNull())
      return C; // an empty file is the default configuration
    if (!Root.IsMap())
      return at(Root.Mark(), "a configuration must be a map of keys "
                             "(Profile, Rules, WarningsAsErrors, RuleOptions, "
                             "Launches, BuildOptions, Baseline)");
    std::set<std::string> Seen;
    for (auto KV : Root) {
      const YAML::Node &Key = KV.first, &Value = KV.second;
      if (!Key.IsScalar())
        return at(Key.Mark(), "keys must be plain names");
      const std::string &Name = Key.Scalar();
      if (!Seen.insert(Name).second)
        return at(Key.Mark(), fmt::format("duplicate key '{}'", Name));
      if (Name == "Profile") {
        auto S = scalar(Value, "Profile");
        if (!S)
          return S.takeError();
        C.Profile = *S;
        // A path is relative to the configuration's directory.
        if (S->find('/') != std::string::npos ||
            StringRef(*S).ends_with(".yaml") ||
            StringRef(*S).ends_with(".yml")) {
          if (!sys::path::is_absolute(*S)) {
            SmallString<256> P = sys::path::parent_path(FileName);
            sys::path::append(P, *S);
            C.Profile = std::string(P);
          }
        }
      } else if (Name == "Baseline") {
        auto S = scalar(Value, "Baseline");
        if (!S)
          return S.takeError();
        // Relative to the configuration's directory, as Profile.
        SmallString<256> P(*S);
        if (!sys::path::is_absolute(P)) {
          P = sys::path::parent_path(FileName);
          sys::path::append(P, *S);
        }
        C.Baseline = std::string(P);
      } else if (Name == "Rules") {
        if (Error E = globs(Value, Name, C.Rules))
          return std::move(E);
      } else if (Name == "WarningsAsErrors") {
        if (Error E = globs(Value, Name, C.WarningsAsErrors))
          return std::move(E);
      } else if (Name == "RuleOptions") {
        if (Error E = ruleOptions(Value, C))
          return std::move(E);
      } else if (Name == "Launches") {
        if (Error E = launches(Value, C))
          return std::move(E);
      } else if (Name == "BuildOptions") {
        if (Error E = buildOptions(Value, C))
          return std::move(E);
      } else {
        return at(Key.Mark(),
                  fmt::format("unknown key '{}' (expected Profile, Rules, "
                              "WarningsAsErrors, RuleOptions, Launches, "
                              "BuildOptions or Baseline)",
                              Name));
      }
    }
    return C;
  }

private:
  Error ruleOptions(const YAML::Node &N, LintConfig &C) {
    if (!N.IsMap())
      return at(N.Mark(), "RuleOptions must map rule ids to maps of options");
    for (auto KV : N) {
      const YAML::Node &Rule = KV.first, &Opts = KV.second;
      if (!Rule.IsScalar() || !findRule(Rule.Scalar()))
        return at(Rule.Mark(),
                  fmt::format("unknown rule '{}' in RuleOptions (clspread "
                              "lint --list-rules lists them)",
                              Rule.IsScalar() ? Rule.Scalar() : "?"));
      if (!Opts.IsMap())
        return at(Opts.Mark(), "the options of a rule must be a map");
      auto &Given = C.RuleOptions[Rule.Scalar()];
      for (auto O : Opts) {
        if (!O.first.IsScalar() || !O.second.IsScalar())
          return at(O.first.Mark(), "an option must be NAME: VALUE");
        if (!Given.emplace(O.first.Scalar(), O.second.Scalar()).second)
          return at(O.first.Mark(),
                    fmt::format("duplicate option '{}'", O.first.Scalar()));
      }
      // Build the rule with these options: an unknown option or a value
      // that does not parse is reported here, at the rule's line.
      RuleOptions RO(Given);
      findRule(Rule.Scalar())->Make(RO);
      std::vector<std::string> Problems = RO.problems();
      if (!Problems.empty())
        return at(Opts.Mark(), Rule.Scalar() + ": " + Problems.front());
    }
    return Error::success();
  }

  Error launches(const YAML::Node &N, LintConfig &C) {
    if (!N.IsMap())
      return at(N.Mark(), "Launches must map kernel names to launches such as "
                          "\"global=4096 local=64\"");
    for (auto KV : N) {
      if (!KV.first.IsScalar() || !KV.second.IsScalar())
        return at(KV.first.Mark(),
                  "a launch must be KERNEL: \"global=... local=... args=...\"");
      auto L = parseLaunchText(KV.second.Scalar());
      if (!L)
        return at(KV.second.Mark(), toString(L.takeError()));
      for (const auto &E : C.Launches)
        if (E.Key == KV.first.Scalar())
          return at(KV.first.Mark(),
                    fmt::format("duplicate launch for '{}'", E.Key));
      C.Launches.push_back({KV.first.Scalar(), KV.second.Scalar(), *L});
    }
    return Error::success();
  }

  Error buildOptions(const YAML::Node &N, LintConfig &C) {
    auto add = [&](std::string Glob, const YAML::Node &V) -> Error {
      if (!V.IsScalar())
        return at(V.Mark(), "build options must be one string, e.g. "
                            "\"-DTILE=16 -I include\"");
      if (auto P = GlobPattern::create(Glob); !P)
        return at(V.Mark(), "BuildOptions: bad glob '" + Glob +
                                "': " + toString(P.takeError()));
      C.BuildOptions.push_back({std::move(Glob), V.Scalar(),
                                unsigned(V.Mark().line + 1),
                                unsigned(V.Mark().column + 1)});
      return Error::success();
    };
    if (N.IsScalar())
      return add("*", N);
    if (!N.IsMap())
      return at(N.Mark(), "BuildOptions must be a string, or map globs over "
                          "file paths to strings (\"*.cl\": \"-DTILE=16\")");
    for (auto KV : N) {
      if (!KV.first.IsScalar())
        return at(KV.first.Mark(), "a BuildOptions key must be a glob");
      if (Error E = add(KV.first.Scalar(), KV.second))
        return E;
    }
    return Error::success();
  }

  std::string FileName;
};

} // namespace

std::vector<const LintConfig::BuildOptionsEntry *>
LintConfig::buildOptionsFor(const std::string &File) const {
  std::vector<const BuildOptionsEntry *> Out;
  if (BuildOptions.empty())
    return Out;
  // The path relative to the configuration's directory, '/'-separated.
  std::string Rel =
      pathBelow(absolutePath(File), absolutePath(sys::path::parent_path(Path)));
  std::string Name(sys::path::filename(File));
  for (const BuildOptionsEntry &E : BuildOptions) {
    auto P = GlobPattern::create(E.Glob);
    if (!P) { // checked when parsed
      consumeError(P.takeError());
      continue;
    }
    bool HasSlash = StringRef(E.Glob).contains('/');
    if (P->match(HasSlash ? Rel : Name))
      Out.push_back(&E);
  }
  return Out;
}

const LintConfig::LaunchEntry *
LintConfig::launchFor(const std::string &File,
                      const std::string &Kernel) const {
  const LaunchEntry *Bare = nullptr;
  for (const LaunchEntry &E : Launches) {
    StringRef Key = E.Key;
    size_t Colon = Key.rfind(':');
    if (Colon == StringRef::npos) {
      if (Key == Kernel)
        Bare = &E;
      continue;
    }
    StringRef FilePart = Key.substr(0, Colon),
              KernelPart = Key.substr(Colon + 1);
    if (KernelPart != Kernel)
      continue;
    StringRef F(File);
    if (F == FilePart ||
        (F.ends_with(FilePart) && F.drop_back(FilePart.size()).ends_with("/")))
      return &E;
  }
  return Bare;
}

Expected<LintConfig> parseLintConfig(StringRef Text, StringRef FileName) {
  return ConfigParser(FileName).parse(Text);
}

Expected<LintConfig> loadLintConfig(const std::string &Path) {
  // Not a FIFO (which could block for ever) or a directory; not so large
  // that yaml-cpp's tree exhausts memory (tests/bad-input).
  if (auto Problem = yamlFileProblem(Path, "configuration"))
    return createStringError(inconvertibleErrorCode(), "clspread: error: %s",
                             Problem->c_str());
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return createStringError(Buf.getError(),
                             "clspread: error: cannot read "
                             "'%s': %s",
                             Path.c_str(), Buf.getError().message().c_str());
  return parseLintConfig((*Buf)->getBuffer(), Path);
}

std::string findLintConfigPath(const std::string &SourceFile) {
  SmallString<256> Dir(SourceFile);
  sys::fs::make_absolute(Dir);
  sys::path::remove_filename(Dir);
  while (!Dir.empty()) {
    SmallString<256> Candidate = Dir;
    sys::path::append(Candidate, ConfigFileName);
    if (sys::fs::is_regular_file(Candidate))
      return std::string(Candidate);
    StringRef Parent = sys::path::parent_path(Dir);
    if (Parent == Dir)
      break;
    Dir = Parent;
  }
  return "";
}

} // namespace clspread
