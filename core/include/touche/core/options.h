// touche — options shared by every engine.
#pragma once

namespace touche {

struct Options {
  /// Speculative distance: a manifold is reported when the shapes are within `margin`, and
  /// clipped points farther apart than `margin` are dropped (Box2D 2.4.1's rule). margin ≥ 0.
  double margin = 0.0;
};

}  // namespace touche
