// SPDX-License-Identifier: GPL-2.0
/*
 * devlinksim: one devlink instance with `dev info` and device parameters, for
 * the rocecfg lab. netdevsim is the kernel's module for this, but Debian
 * builds none (config-6.1.0-57-amd64: "# CONFIG_NETDEVSIM is not set"), so
 * this module registers what rocecfg reads through the real kernel devlink
 * code (net/core/devlink.c): a platform device "devlinksim.0" (devlink
 * handle platform/devlinksim.0), info with the driver name, a serial number,
 * a fixed fw.psid and a running/stored fw.version (the names mlx5 reports,
 * Documentation/networking/devlink/devlink-info.rst), and the generic
 * parameters enable_roce (bool) and max_macs (u32) in configuration mode
 * driverinit, whose values the devlink core keeps (`devlink dev param set
 * ... cmode driverinit` changes them). API: include/net/devlink.h of 6.1.
 *
 * Parameters: fw_version, psid (the versions reported).
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <net/devlink.h>

static char *fw_version = "22.36.1010";
module_param(fw_version, charp, 0444);
MODULE_PARM_DESC(fw_version, "running and stored fw.version");
static char *psid = "MT_0000000359";
module_param(psid, charp, 0444);
MODULE_PARM_DESC(psid, "fixed fw.psid");

static struct platform_device *dls_pdev;
static struct devlink *dls_devlink;

static int dls_info_get(struct devlink *devlink, struct devlink_info_req *req,
			struct netlink_ext_ack *extack)
{
	int err;

	err = devlink_info_driver_name_put(req, "devlinksim");
	if (!err)
		err = devlink_info_serial_number_put(req, "DLS0001");
	if (!err)
		err = devlink_info_version_fixed_put(req, "fw.psid", psid);
	if (!err)
		err = devlink_info_version_running_put(req, "fw.version", fw_version);
	if (!err)
		err = devlink_info_version_stored_put(req, "fw.version", fw_version);
	return err;
}

static const struct devlink_ops dls_ops = {
	.info_get = dls_info_get,
};

static const struct devlink_param dls_params[] = {
	DEVLINK_PARAM_GENERIC(ENABLE_ROCE, BIT(DEVLINK_PARAM_CMODE_DRIVERINIT), NULL, NULL, NULL),
	DEVLINK_PARAM_GENERIC(MAX_MACS, BIT(DEVLINK_PARAM_CMODE_DRIVERINIT), NULL, NULL, NULL),
};

static int __init dls_init(void)
{
	union devlink_param_value v;
	int err;

	dls_pdev = platform_device_register_simple("devlinksim", 0, NULL, 0);
	if (IS_ERR(dls_pdev))
		return PTR_ERR(dls_pdev);
	dls_devlink = devlink_alloc(&dls_ops, 0, &dls_pdev->dev);
	if (!dls_devlink) {
		err = -ENOMEM;
		goto err_pdev;
	}
	err = devlink_params_register(dls_devlink, dls_params, ARRAY_SIZE(dls_params));
	if (err)
		goto err_free;
	v.vbool = true;
	devlink_param_driverinit_value_set(dls_devlink, DEVLINK_PARAM_GENERIC_ID_ENABLE_ROCE, v);
	v.vu32 = 32;
	devlink_param_driverinit_value_set(dls_devlink, DEVLINK_PARAM_GENERIC_ID_MAX_MACS, v);
	devlink_register(dls_devlink);
	return 0;

err_free:
	devlink_free(dls_devlink);
err_pdev:
	platform_device_unregister(dls_pdev);
	return err;
}

static void __exit dls_exit(void)
{
	devlink_unregister(dls_devlink);
	devlink_params_unregister(dls_devlink, dls_params, ARRAY_SIZE(dls_params));
	devlink_free(dls_devlink);
	platform_device_unregister(dls_pdev);
}

module_init(dls_init);
module_exit(dls_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("a devlink instance with info and parameters for the rocecfg lab");
