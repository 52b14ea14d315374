# Writes OUTPUT: a header defining touche::oracle::generated::${NAME} as a std::string_view of
# the text of INPUT (used to embed the built-in corpus into the binary).
file(READ "${INPUT}" content)
file(WRITE "${OUTPUT}"
     "// Generated from ${INPUT} by oracle/cmake/embed_text.cmake. Do not edit.\n"
     "#pragma once\n#include <string_view>\n"
     "namespace touche::oracle::generated {\n"
     "inline constexpr std::string_view ${NAME} = R\"touche_embed(${content})touche_embed\";\n"
     "}  // namespace touche::oracle::generated\n")
