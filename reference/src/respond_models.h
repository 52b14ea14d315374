// touche reference — the response models behind reference::respond (respond.cpp dispatches).
#pragma once

#include "touche/core/response.h"

namespace touche::reference {

/// Model box2d-sequential for a valid case, exact (respond_box2d.cpp).
ResponseResult respondBox2DSequential(const ResponseCase& c);
/// Model box2d-block for a valid case, exact (respond_box2d.cpp).
ResponseResult respondBox2DBlock(const ResponseCase& c);

}  // namespace touche::reference
