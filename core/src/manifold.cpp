// touche — manifold helpers.
#include "touche/core/manifold.h"

namespace touche {

std::string_view statusName(Status status) {
  switch (status) {
    case Status::contact:
      return "contact";
    case Status::noContact:
      return "no_contact";
    case Status::unsupported:
      return "unsupported";
    case Status::error:
      return "error";
  }
  return "error";
}

Manifold swapRoles(const Manifold& m) {
  Manifold out = m;
  if (m.status != Status::contact) return out;
  out.normal = -m.normal;
  for (int i = 0; i < m.pointCount; ++i)
    out.points[i].id = swapped(m.points[i].id);
  return out;
}

}  // namespace touche
