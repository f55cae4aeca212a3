// rdma_cm configfs and the FsRoot seam against a temporary tree. The device
// directory is pre-created here (the kernel would populate ports/ on mkdir),
// so these tests cover reading, writing and value formats; the mkdir/rmdir
// dance runs against real configfs in the lab (tests/host/lab/).
#include <doctest/doctest.h>

#include "fs_tree.h"
#include "host/fs_root.h"
#include "host/rdma_cm.h"

using namespace rocecfg;
using namespace rocecfg::host;

TEST_SUITE("rdma_cm") {
  TEST_CASE("default_roce_tos and default_roce_mode round-trip in the kernel's spelling") {
    test::FsTree t;
    const std::string p = "/sys/kernel/config/rdma_cm/mlx5_0/ports/1";
    t.write(p + "/default_roce_tos", "0\n");
    t.write(p + "/default_roce_mode", "RoCE v2\n");
    FsRoot fs(t.root());
    RdmaCmConfig cm(fs, "mlx5_0", 1);
    CHECK(cm.read_tos() == uint8_t{0});
    CHECK(cm.read_mode() == model::RoceMode::v2);
    REQUIRE(cm.write_tos(106));
    CHECK(t.read(p + "/default_roce_tos") == "106");
    CHECK(cm.read_tos() == uint8_t{106});
    REQUIRE(cm.write_mode(model::RoceMode::v1));
    CHECK(t.read(p + "/default_roce_mode") == "IB/RoCE v1");
    // the directory existed before: it is left in place
    CHECK(fs.is_dir("/sys/kernel/config/rdma_cm/mlx5_0"));
  }

  TEST_CASE("a missing rdma_cm configfs says which module to load") {
    test::FsTree t;
    t.dir("/sys/kernel/config");
    FsRoot fs(t.root());
    auto tos = RdmaCmConfig(fs, "mlx5_0", 1).read_tos();
    REQUIRE_FALSE(tos);
    CHECK(tos.error().to_string() ==
          "mlx5_0: /sys/kernel/config/rdma_cm is missing: load the rdma_cm module (modprobe "
          "rdma_cm)");
  }

  TEST_CASE("device names cannot climb out of configfs") {
    test::FsTree t;
    t.dir("/sys/kernel/config/rdma_cm");
    FsRoot fs(t.root());
    CHECK_FALSE(RdmaCmConfig(fs, "../../etc", 1).write_tos(1));
    CHECK_FALSE(fs.exists("/etc"));
  }

  TEST_CASE("FsRoot: knobs are never created by a write, errors name the path") {
    test::FsTree t;
    FsRoot fs(t.root());
    auto w = fs.write("/sys/class/net/eth0/mtu", "9000");
    REQUIRE_FALSE(w);
    CHECK(w.error().kind == ErrorKind::not_found);
    CHECK(w.error().to_string() == "/sys/class/net/eth0/mtu: No such file or directory");
    CHECK(parse_u32("0x1a", "x") == 26u);
    CHECK(parse_u32("26\n", "x") == 26u);
    CHECK(parse_u32("-1", "x").error().to_string() == "x: not an unsigned 32-bit number: '-1'");
  }
}
