// Owning handles for the verbs objects the probe creates: unique_ptr with the
// matching destroy call, so every path releases them in reverse order of
// creation (declare them in creation order).
#pragma once

#include <infiniband/verbs.h>

#include <cstdlib>
#include <memory>

namespace rocecfg::probe {

struct PdDel {
  void operator()(ibv_pd* p) const { ibv_dealloc_pd(p); }
};
struct MrDel {
  void operator()(ibv_mr* m) const { ibv_dereg_mr(m); }
};
struct CqDel {
  void operator()(ibv_cq* c) const { ibv_destroy_cq(c); }
};
struct QpDel {
  void operator()(ibv_qp* q) const { ibv_destroy_qp(q); }
};
struct AhDel {
  void operator()(ibv_ah* a) const { ibv_destroy_ah(a); }
};
using PdHandle = std::unique_ptr<ibv_pd, PdDel>;
using MrHandle = std::unique_ptr<ibv_mr, MrDel>;
using CqHandle = std::unique_ptr<ibv_cq, CqDel>;
using QpHandle = std::unique_ptr<ibv_qp, QpDel>;
using AhHandle = std::unique_ptr<ibv_ah, AhDel>;

}  // namespace rocecfg::probe
