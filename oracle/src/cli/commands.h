// touche — the CLI's commands, as functions of their arguments (main.cpp parses them).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace touche::cli {

/// `touche collide`: one manifold line per case line of `input` ("-" = stdin). Returns the
/// exit status: 0, or 1 when a line was malformed or invalid (its output line says why).
int collide(const std::string& engine, double margin, const std::string& input, bool hex,
            std::ostream& out, std::ostream& err);

/// `touche validate`: judges `engines` against the reference on a corpus ("" = built in).
/// Returns 0 only when every difference is explained by a declared convention.
int validate(const std::string& corpus, const std::vector<std::string>& engines, std::ostream& out,
             std::ostream& err);

/// `touche render`: an SVG of one case (the first, or `caseId`) with each engine's manifold.
int render(const std::string& input, const std::string& caseId, const std::string& output,
           const std::vector<std::string>& engines, std::ostream& err);

}  // namespace touche::cli
