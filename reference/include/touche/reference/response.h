// touche — the exact reference response (design notes §9, docs/derivations/response.md).
#pragma once

#include <string_view>

#include "touche/core/response.h"

namespace touche::reference {

/// The response of `c` under `model` (one of kResponseModels), in exact arithmetic,
/// every output the correctly rounded double of its exact value. Validates first: invalid input or
/// an unknown model gives status error with the field named, never an exception.
ResponseResult respond(const ResponseCase& c, std::string_view model = kModelSource003);

}  // namespace touche::reference
