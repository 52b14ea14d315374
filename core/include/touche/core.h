// touche — umbrella header for the core interface.
#pragma once

#include "touche/core/cast.h"
#include "touche/core/cast_jsonl.h"
#include "touche/core/engine.h"
#include "touche/core/geometry.h"
#include "touche/core/jsonl.h"
#include "touche/core/manifold.h"
#include "touche/core/options.h"
#include "touche/core/pairs.h"
#include "touche/core/shapes.h"
#include "touche/core/validate.h"
