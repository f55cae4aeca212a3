// SPDX-License-Identifier: GPL-2.0
/*
 * dcbsim - a DCB-capable fake Ethernet netdev for the rocecfg lab.
 *
 * Why: no software netdev in Debian's kernels (veth, dummy; netdevsim is not
 * built) implements dcbnl_ops, so DCB netlink ("dcb pfc set", rocecfg's DCB
 * backend) can only be exercised against real NICs.  This module registers
 * `count` netdevs named dcbsim%d whose dcbnl_ops keep IEEE PFC, ETS, APP,
 * buffer, maxrate and DCBX-mode state per device, validate input roughly like
 * mlx5/i40e do, can be told to fail any op (to test rollback) and count calls.
 * Every message therefore passes through the real kernel dcbnl code, and
 * iproute2's `dcb` reads the same state back as an independent peer.
 *
 * Test knobs:
 *   /sys/module/dcbsim/parameters/fail_ops   comma list of op names (below),
 *       "all" or empty; a listed op returns -EIO (setdcbx returns 1, as its
 *       u8 ABI demands).  Global for all dcbsim devices.
 *   /sys/kernel/debug/dcbsim/<ifname>/calls  "op count" lines; any write resets.
 *   /sys/kernel/debug/dcbsim/<ifname>/trust  "pcp" or "dscp" (mlx5-like: the
 *       first DSCP APP entry switches trust to dscp, deleting the last one
 *       switches back).
 *   /sys/kernel/debug/dcbsim/<ifname>/ethtool_stats  the device's `ethtool -S`
 *       statistics, named like mlx5's (rx_prio3_pause, tx_prio3_pause_duration,
 *       rx_prio3_discards, rx_discards_phy, tx_pause_storm_error_events...), one
 *       "name value step" line each.  Write "name value [step]" to set a counter;
 *       a non-zero step is added at every ETHTOOL_GSTATS read, so a reader that
 *       snapshots twice sees the counter rise by exactly step (a pause storm on
 *       demand); "reset" zeroes all.
 *   ethtool -A/-a (get/set_pauseparam): link-level pause state, off by default.
 *   module param dcbx (load time): initial DCBX mode of every device, default
 *       HOST|VER_IEEE (0x09).  With LLD_MANAGED (0x02) set, IEEE setters return
 *       -EINVAL like i40e/ice do when firmware owns DCBX.
 *
 * Getters are counted too; note the kernel calls them after every set to build
 * the RTNLGRP_DCB notification, so "getpfc" also grows on "dcb pfc set".
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/etherdevice.h>
#include <linux/debugfs.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/ethtool.h>
#include <linux/uaccess.h>
#include <net/dcbnl.h>

static unsigned int count = 2;
module_param(count, uint, 0444);
MODULE_PARM_DESC(count, "number of dcbsim netdevs to create (default 2)");

static unsigned int dcbx = DCB_CAP_DCBX_HOST | DCB_CAP_DCBX_VER_IEEE;
module_param(dcbx, uint, 0444);
MODULE_PARM_DESC(dcbx, "initial DCBX mode bits (default 0x09 = HOST|VER_IEEE; 0x0a = LLD_MANAGED|VER_IEEE)");

/* One entry per dcbnl op we implement: index into counters and fail mask. */
enum dcbsim_op {
	OP_GETPFC, OP_SETPFC, OP_GETETS, OP_SETETS, OP_GETMAXRATE, OP_SETMAXRATE,
	OP_SETAPP, OP_DELAPP, OP_GETBUFFER, OP_SETBUFFER, OP_GETDCBX, OP_SETDCBX,
	OP_COUNT
};

static const char *const op_names[OP_COUNT] = {
	"getpfc", "setpfc", "getets", "setets", "getmaxrate", "setmaxrate",
	"setapp", "delapp", "getbuffer", "setbuffer", "getdcbx", "setdcbx",
};

/* Total buffer the fake port has; buffer_size[] must fit in it (like mlx5). */
#define DCBSIM_TOTAL_BUFFER (512 * 1024)
/* APP entries we remember so unload can remove them from the kernel's list */
#define DCBSIM_MAX_APPS 128

/* ethtool statistics: per-priority (mlx5 names, %d = priority) then port-wide */
static const char *const stat_prio_fmt[] = {
	"rx_prio%d_pause", "tx_prio%d_pause", "rx_prio%d_pause_duration",
	"tx_prio%d_pause_duration", "rx_prio%d_discards",
};
static const char *const stat_port[] = {
	"rx_pause_ctrl_phy", "tx_pause_ctrl_phy", "rx_discards_phy",
	"tx_pause_storm_warning_events", "tx_pause_storm_error_events",
};
#define DCBSIM_N_PRIO_STATS (ARRAY_SIZE(stat_prio_fmt) * IEEE_8021QAZ_MAX_TCS)
#define DCBSIM_N_STATS (DCBSIM_N_PRIO_STATS + ARRAY_SIZE(stat_port))

struct dcbsim_priv {
	/* All state below is only touched from dcbnl ops, which run under RTNL. */
	struct ieee_pfc pfc;
	struct ieee_ets ets;
	struct ieee_maxrate maxrate;
	struct dcbnl_buffer buffer;
	u8 dcbx_mode;
	bool trust_dscp;
	unsigned int dscp_apps;
	struct dcb_app apps[DCBSIM_MAX_APPS];
	unsigned int n_apps;
	atomic_t calls[OP_COUNT];
	struct dentry *dbg;
	/* ethtool statistics: written from debugfs, read from ethtool (RTNL); own lock */
	spinlock_t stats_lock;
	u64 stats[DCBSIM_N_STATS];
	u64 stats_step[DCBSIM_N_STATS];
	struct ethtool_pauseparam pause;
};

static struct net_device **devs;
static struct dentry *dbg_root;
static unsigned long fail_mask; /* bit per enum dcbsim_op */

/* ---- fail_ops module parameter: parsed once into a bitmask ---- */

static int fail_ops_set(const char *val, const struct kernel_param *kp)
{
	unsigned long mask = 0;
	char *buf, *cur, *tok;
	int i, err = 0;

	buf = kstrdup(val, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	cur = strim(buf);
	while ((tok = strsep(&cur, ",")) != NULL) {
		tok = strim(tok);
		if (!*tok || !strcmp(tok, "none"))
			continue;
		if (!strcmp(tok, "all")) {
			mask = BIT(OP_COUNT) - 1;
			continue;
		}
		for (i = 0; i < OP_COUNT; i++)
			if (!strcmp(tok, op_names[i]))
				break;
		if (i == OP_COUNT) {
			pr_warn("dcbsim: fail_ops: unknown op '%s'\n", tok);
			err = -EINVAL;
			break;
		}
		mask |= BIT(i);
	}
	kfree(buf);
	if (!err)
		WRITE_ONCE(fail_mask, mask);
	return err;
}

static int fail_ops_get(char *buffer, const struct kernel_param *kp)
{
	unsigned long mask = READ_ONCE(fail_mask);
	int i, len = 0;

	for (i = 0; i < OP_COUNT; i++)
		if (mask & BIT(i))
			len += scnprintf(buffer + len, PAGE_SIZE - len, "%s%s",
					 len ? "," : "", op_names[i]);
	len += scnprintf(buffer + len, PAGE_SIZE - len, "\n");
	return len;
}

static const struct kernel_param_ops fail_ops_ops = {
	.set = fail_ops_set,
	.get = fail_ops_get,
};
module_param_cb(fail_ops, &fail_ops_ops, NULL, 0644);
MODULE_PARM_DESC(fail_ops, "comma list of ops that return -EIO (e.g. setpfc,setets), 'all' or empty");

/* Count the call; return true if the test asked this op to fail. */
static bool dcbsim_enter(struct net_device *dev, enum dcbsim_op op)
{
	struct dcbsim_priv *p = netdev_priv(dev);

	atomic_inc(&p->calls[op]);
	return READ_ONCE(fail_mask) & BIT(op);
}

/* Firmware-owned DCBX: host setters are refused, as i40e/ice do. */
static bool dcbsim_lld_managed(struct net_device *dev)
{
	struct dcbsim_priv *p = netdev_priv(dev);

	return p->dcbx_mode & DCB_CAP_DCBX_LLD_MANAGED;
}

/* ---- PFC ---- */

static int dcbsim_getpfc(struct net_device *dev, struct ieee_pfc *pfc)
{
	struct dcbsim_priv *p = netdev_priv(dev);

	if (dcbsim_enter(dev, OP_GETPFC))
		return -EIO;
	*pfc = p->pfc;
	return 0;
}

static int dcbsim_setpfc(struct net_device *dev, struct ieee_pfc *pfc)
{
	struct dcbsim_priv *p = netdev_priv(dev);

	if (dcbsim_enter(dev, OP_SETPFC))
		return -EIO;
	if (dcbsim_lld_managed(dev))
		return -EINVAL;
	/* pfc_cap and the request/indication counters are the device's, not the caller's */
	p->pfc.pfc_en = pfc->pfc_en;
	p->pfc.mbc = pfc->mbc;
	p->pfc.delay = pfc->delay;
	return 0;
}

/* ---- ETS ---- */

static int dcbsim_getets(struct net_device *dev, struct ieee_ets *ets)
{
	struct dcbsim_priv *p = netdev_priv(dev);

	if (dcbsim_enter(dev, OP_GETETS))
		return -EIO;
	*ets = p->ets;
	return 0;
}

/* Same rules as mlx5e_dbcnl_validate_ets(): known TSA, prio_tc in range, ETS bandwidths sum to 100. */
static int dcbsim_validate_ets(struct net_device *dev, const struct ieee_ets *ets)
{
	unsigned int bw_sum = 0;
	bool have_ets = false;
	int i;

	for (i = 0; i < IEEE_8021QAZ_MAX_TCS; i++) {
		if (ets->prio_tc[i] >= IEEE_8021QAZ_MAX_TCS) {
			netdev_info(dev, "setets: prio %d -> tc %u out of range\n", i, ets->prio_tc[i]);
			return -EINVAL;
		}
		switch (ets->tc_tsa[i]) {
		case IEEE_8021QAZ_TSA_STRICT:
		case IEEE_8021QAZ_TSA_VENDOR:
			break;
		case IEEE_8021QAZ_TSA_ETS:
			have_ets = true;
			bw_sum += ets->tc_tx_bw[i];
			break;
		default:
			netdev_info(dev, "setets: tc %d: unsupported tsa %u\n", i, ets->tc_tsa[i]);
			return -EINVAL;
		}
	}
	if (have_ets && bw_sum != 100) {
		netdev_info(dev, "setets: ETS bandwidths sum to %u, not 100\n", bw_sum);
		return -EINVAL;
	}
	return 0;
}

static int dcbsim_setets(struct net_device *dev, struct ieee_ets *ets)
{
	struct dcbsim_priv *p = netdev_priv(dev);
	int err;

	if (dcbsim_enter(dev, OP_SETETS))
		return -EIO;
	if (dcbsim_lld_managed(dev))
		return -EINVAL;
	err = dcbsim_validate_ets(dev, ets);
	if (err)
		return err;
	p->ets = *ets;
	p->ets.ets_cap = IEEE_8021QAZ_MAX_TCS; /* capability is not settable */
	return 0;
}

/* ---- maxrate ---- */

static int dcbsim_getmaxrate(struct net_device *dev, struct ieee_maxrate *rate)
{
	struct dcbsim_priv *p = netdev_priv(dev);

	if (dcbsim_enter(dev, OP_GETMAXRATE))
		return -EIO;
	*rate = p->maxrate;
	return 0;
}

static int dcbsim_setmaxrate(struct net_device *dev, struct ieee_maxrate *rate)
{
	struct dcbsim_priv *p = netdev_priv(dev);

	if (dcbsim_enter(dev, OP_SETMAXRATE))
		return -EIO;
	if (dcbsim_lld_managed(dev))
		return -EINVAL;
	p->maxrate = *rate;
	return 0;
}

/* ---- APP table: stored in the kernel's own dcb_app list, as real drivers do ---- */

static int dcbsim_setapp(struct net_device *dev, struct dcb_app *app)
{
	struct dcbsim_priv *p = netdev_priv(dev);
	int err;

	if (dcbsim_enter(dev, OP_SETAPP))
		return -EIO;
	if (dcbsim_lld_managed(dev))
		return -EINVAL;
	if (app->selector < IEEE_8021QAZ_APP_SEL_ETHERTYPE ||
	    app->selector > IEEE_8021QAZ_APP_SEL_DSCP ||
	    app->priority >= IEEE_8021QAZ_MAX_TCS ||
	    (app->selector == IEEE_8021QAZ_APP_SEL_DSCP && app->protocol > 63))
		return -EINVAL;
	/* a real device's table is finite too; refusing keeps unload able to clean up */
	if (p->n_apps == DCBSIM_MAX_APPS)
		return -ENOSPC;
	/* The kernel list is what "dcb app show" dumps (dcbnl_ieee_fill walks it). */
	err = dcb_ieee_setapp(dev, app);
	if (err)
		return err;
	p->apps[p->n_apps++] = *app;
	if (app->selector == IEEE_8021QAZ_APP_SEL_DSCP && p->dscp_apps++ == 0)
		p->trust_dscp = true; /* mlx5: first DSCP entry switches the port to DSCP trust */
	return 0;
}

static int dcbsim_delapp(struct net_device *dev, struct dcb_app *app)
{
	struct dcbsim_priv *p = netdev_priv(dev);
	unsigned int i;
	int err;

	if (dcbsim_enter(dev, OP_DELAPP))
		return -EIO;
	if (dcbsim_lld_managed(dev))
		return -EINVAL;
	err = dcb_ieee_delapp(dev, app);
	if (err)
		return err;
	for (i = 0; i < p->n_apps; i++) {
		if (p->apps[i].selector == app->selector && p->apps[i].protocol == app->protocol &&
		    p->apps[i].priority == app->priority) {
			p->apps[i] = p->apps[--p->n_apps];
			break;
		}
	}
	if (app->selector == IEEE_8021QAZ_APP_SEL_DSCP && p->dscp_apps && --p->dscp_apps == 0)
		p->trust_dscp = false; /* mlx5: last DSCP entry gone -> back to PCP trust */
	return 0;
}

/* ---- buffer ---- */

static int dcbsim_getbuffer(struct net_device *dev, struct dcbnl_buffer *buf)
{
	struct dcbsim_priv *p = netdev_priv(dev);

	if (dcbsim_enter(dev, OP_GETBUFFER))
		return -EIO;
	*buf = p->buffer;
	return 0;
}

static int dcbsim_setbuffer(struct net_device *dev, struct dcbnl_buffer *buf)
{
	struct dcbsim_priv *p = netdev_priv(dev);
	u64 sum = 0;
	int i;

	if (dcbsim_enter(dev, OP_SETBUFFER))
		return -EIO;
	if (dcbsim_lld_managed(dev))
		return -EINVAL;
	for (i = 0; i < IEEE_8021Q_MAX_PRIORITIES; i++)
		if (buf->prio2buffer[i] >= DCBX_MAX_BUFFERS)
			return -EINVAL;
	for (i = 0; i < DCBX_MAX_BUFFERS; i++)
		sum += buf->buffer_size[i];
	if (sum > DCBSIM_TOTAL_BUFFER) {
		netdev_info(dev, "setbuffer: %llu bytes requested, port has %u\n",
			    sum, DCBSIM_TOTAL_BUFFER);
		return -EINVAL;
	}
	memcpy(p->buffer.prio2buffer, buf->prio2buffer, sizeof(buf->prio2buffer));
	memcpy(p->buffer.buffer_size, buf->buffer_size, sizeof(buf->buffer_size));
	/* total_size is a read-only property of the port */
	return 0;
}

/* ---- DCBX mode ---- */

static u8 dcbsim_getdcbx(struct net_device *dev)
{
	struct dcbsim_priv *p = netdev_priv(dev);

	dcbsim_enter(dev, OP_GETDCBX); /* u8 ABI: no way to report an error */
	return p->dcbx_mode;
}

static bool dcbsim_dcbx_valid(u8 mode)
{
	/* IEEE only (no CEE engine); exactly one of HOST / LLD_MANAGED */
	if (mode & ~(DCB_CAP_DCBX_HOST | DCB_CAP_DCBX_LLD_MANAGED |
		     DCB_CAP_DCBX_VER_IEEE | DCB_CAP_DCBX_STATIC))
		return false;
	if (!(mode & DCB_CAP_DCBX_VER_IEEE))
		return false;
	return !(mode & DCB_CAP_DCBX_HOST) != !(mode & DCB_CAP_DCBX_LLD_MANAGED);
}

static u8 dcbsim_setdcbx(struct net_device *dev, u8 mode)
{
	struct dcbsim_priv *p = netdev_priv(dev);

	if (dcbsim_enter(dev, OP_SETDCBX))
		return 1;
	if (!dcbsim_dcbx_valid(mode))
		return 1; /* dcbnl convention: non-zero = refused */
	p->dcbx_mode = mode;
	return 0;
}

static const struct dcbnl_rtnl_ops dcbsim_dcbnl_ops = {
	.ieee_getpfc = dcbsim_getpfc,
	.ieee_setpfc = dcbsim_setpfc,
	.ieee_getets = dcbsim_getets,
	.ieee_setets = dcbsim_setets,
	.ieee_getmaxrate = dcbsim_getmaxrate,
	.ieee_setmaxrate = dcbsim_setmaxrate,
	.ieee_setapp = dcbsim_setapp,
	.ieee_delapp = dcbsim_delapp,
	.dcbnl_getbuffer = dcbsim_getbuffer,
	.dcbnl_setbuffer = dcbsim_setbuffer,
	.getdcbx = dcbsim_getdcbx,
	.setdcbx = dcbsim_setdcbx,
};

/* ---- debugfs: call counters and trust ---- */

static int calls_show(struct seq_file *s, void *unused)
{
	struct dcbsim_priv *p = s->private;
	int i;

	for (i = 0; i < OP_COUNT; i++)
		seq_printf(s, "%s %d\n", op_names[i], atomic_read(&p->calls[i]));
	return 0;
}

static int calls_open(struct inode *inode, struct file *file)
{
	return single_open(file, calls_show, inode->i_private);
}

static ssize_t calls_write(struct file *file, const char __user *ubuf,
			   size_t len, loff_t *ppos)
{
	struct dcbsim_priv *p = ((struct seq_file *)file->private_data)->private;
	int i;

	for (i = 0; i < OP_COUNT; i++)
		atomic_set(&p->calls[i], 0);
	return len;
}

static const struct file_operations calls_fops = {
	.owner = THIS_MODULE,
	.open = calls_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.write = calls_write,
	.release = single_release,
};

static int trust_show(struct seq_file *s, void *unused)
{
	struct dcbsim_priv *p = s->private;

	seq_printf(s, "%s\n", READ_ONCE(p->trust_dscp) ? "dscp" : "pcp");
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(trust);

/* ---- ethtool: statistics with per-priority pause counters, link pause ---- */

static void dcbsim_stat_name(unsigned int i, char *buf)
{
	if (i < DCBSIM_N_PRIO_STATS)
		snprintf(buf, ETH_GSTRING_LEN, stat_prio_fmt[i / IEEE_8021QAZ_MAX_TCS],
			 i % IEEE_8021QAZ_MAX_TCS);
	else
		strscpy(buf, stat_port[i - DCBSIM_N_PRIO_STATS], ETH_GSTRING_LEN);
}

static int dcbsim_get_sset_count(struct net_device *dev, int sset)
{
	return sset == ETH_SS_STATS ? DCBSIM_N_STATS : -EOPNOTSUPP;
}

static void dcbsim_get_strings(struct net_device *dev, u32 sset, u8 *data)
{
	unsigned int i;

	if (sset != ETH_SS_STATS)
		return;
	for (i = 0; i < DCBSIM_N_STATS; i++)
		dcbsim_stat_name(i, (char *)data + i * ETH_GSTRING_LEN);
}

static void dcbsim_get_ethtool_stats(struct net_device *dev, struct ethtool_stats *st, u64 *data)
{
	struct dcbsim_priv *p = netdev_priv(dev);
	unsigned int i;

	spin_lock_bh(&p->stats_lock);
	for (i = 0; i < DCBSIM_N_STATS; i++) {
		p->stats[i] += p->stats_step[i];
		data[i] = p->stats[i];
	}
	spin_unlock_bh(&p->stats_lock);
}

static void dcbsim_get_pauseparam(struct net_device *dev, struct ethtool_pauseparam *pp)
{
	struct dcbsim_priv *p = netdev_priv(dev);

	*pp = p->pause;
}

static int dcbsim_set_pauseparam(struct net_device *dev, struct ethtool_pauseparam *pp)
{
	struct dcbsim_priv *p = netdev_priv(dev);

	if (pp->autoneg)
		return -EOPNOTSUPP; /* no link partner to negotiate with */
	p->pause.rx_pause = pp->rx_pause;
	p->pause.tx_pause = pp->tx_pause;
	return 0;
}

static const struct ethtool_ops dcbsim_ethtool_ops = {
	.get_sset_count = dcbsim_get_sset_count,
	.get_strings = dcbsim_get_strings,
	.get_ethtool_stats = dcbsim_get_ethtool_stats,
	.get_pauseparam = dcbsim_get_pauseparam,
	.set_pauseparam = dcbsim_set_pauseparam,
	.get_link = ethtool_op_get_link,
};

static int stats_show(struct seq_file *s, void *unused)
{
	struct dcbsim_priv *p = s->private;
	char name[ETH_GSTRING_LEN];
	u64 v[DCBSIM_N_STATS], step[DCBSIM_N_STATS];
	unsigned int i;

	spin_lock_bh(&p->stats_lock);
	memcpy(v, p->stats, sizeof(v));
	memcpy(step, p->stats_step, sizeof(step));
	spin_unlock_bh(&p->stats_lock);
	for (i = 0; i < DCBSIM_N_STATS; i++) {
		dcbsim_stat_name(i, name);
		seq_printf(s, "%s %llu %llu\n", name, v[i], step[i]);
	}
	return 0;
}

static int stats_open(struct inode *inode, struct file *file)
{
	return single_open(file, stats_show, inode->i_private);
}

/* "name value [step]" or "reset" */
static ssize_t stats_write(struct file *file, const char __user *ubuf, size_t len, loff_t *ppos)
{
	struct dcbsim_priv *p = ((struct seq_file *)file->private_data)->private;
	char buf[96], name[ETH_GSTRING_LEN], want[ETH_GSTRING_LEN];
	unsigned long long value, step = 0;
	unsigned int i;
	int n;

	if (len >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = 0;
	if (!strcmp(strim(buf), "reset")) {
		spin_lock_bh(&p->stats_lock);
		memset(p->stats, 0, sizeof(p->stats));
		memset(p->stats_step, 0, sizeof(p->stats_step));
		spin_unlock_bh(&p->stats_lock);
		return len;
	}
	n = sscanf(buf, "%31s %llu %llu", want, &value, &step);
	if (n < 2)
		return -EINVAL;
	for (i = 0; i < DCBSIM_N_STATS; i++) {
		dcbsim_stat_name(i, name);
		if (!strcmp(name, want))
			break;
	}
	if (i == DCBSIM_N_STATS)
		return -ENOENT;
	spin_lock_bh(&p->stats_lock);
	p->stats[i] = value;
	p->stats_step[i] = step;
	spin_unlock_bh(&p->stats_lock);
	return len;
}

static const struct file_operations stats_fops = {
	.owner = THIS_MODULE,
	.open = stats_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.write = stats_write,
	.release = single_release,
};

/* ---- netdev: a sink that drops what it is asked to send, like dummy ---- */

static netdev_tx_t dcbsim_xmit(struct sk_buff *skb, struct net_device *dev)
{
	dev_sw_netstats_tx_add(dev, 1, skb->len);
	dev_kfree_skb(skb);
	return NETDEV_TX_OK;
}

static int dcbsim_init(struct net_device *dev)
{
	dev->tstats = netdev_alloc_pcpu_stats(struct pcpu_sw_netstats);
	return dev->tstats ? 0 : -ENOMEM;
}

static void dcbsim_uninit(struct net_device *dev)
{
	free_percpu(dev->tstats);
}

static const struct net_device_ops dcbsim_netdev_ops = {
	.ndo_init = dcbsim_init,
	.ndo_uninit = dcbsim_uninit,
	.ndo_start_xmit = dcbsim_xmit,
	.ndo_get_stats64 = dev_get_tstats64,
	.ndo_set_mac_address = eth_mac_addr,
	.ndo_validate_addr = eth_validate_addr,
};

static void dcbsim_init_state(struct dcbsim_priv *p)
{
	int i;

	/* Defaults of a freshly reset NIC: no PFC, all priorities on TC0, strict TSA, one buffer */
	p->pfc.pfc_cap = IEEE_8021QAZ_MAX_TCS;
	p->ets.ets_cap = IEEE_8021QAZ_MAX_TCS;
	for (i = 0; i < IEEE_8021QAZ_MAX_TCS; i++)
		p->ets.tc_tsa[i] = IEEE_8021QAZ_TSA_STRICT;
	p->buffer.total_size = DCBSIM_TOTAL_BUFFER;
	p->buffer.buffer_size[0] = DCBSIM_TOTAL_BUFFER / 2;
	p->dcbx_mode = dcbx;
	spin_lock_init(&p->stats_lock);
	for (i = 0; i < OP_COUNT; i++)
		atomic_set(&p->calls[i], 0);
}

static struct net_device *dcbsim_create(void)
{
	struct dcbsim_priv *p;
	struct net_device *dev;
	int err;

	/* 8 tx queues so mqprio/ETS qdiscs with 8 TCs can be attached as on a real NIC */
	dev = alloc_etherdev_mq(sizeof(*p), IEEE_8021QAZ_MAX_TCS);
	if (!dev)
		return ERR_PTR(-ENOMEM);
	strscpy(dev->name, "dcbsim%d", IFNAMSIZ);
	dev->netdev_ops = &dcbsim_netdev_ops;
	dev->dcbnl_ops = &dcbsim_dcbnl_ops;
	dev->ethtool_ops = &dcbsim_ethtool_ops;
	dev->max_mtu = 9216; /* so jumbo MTU profiles can be applied */
	dev->needs_free_netdev = false;
	eth_hw_addr_random(dev);
	p = netdev_priv(dev);
	dcbsim_init_state(p);

	err = register_netdev(dev);
	if (err) {
		free_netdev(dev);
		return ERR_PTR(err);
	}
	/* debugfs is best effort: its failure must not break the netdev */
	p->dbg = debugfs_create_dir(dev->name, dbg_root);
	debugfs_create_file("calls", 0644, p->dbg, p, &calls_fops);
	debugfs_create_file("trust", 0444, p->dbg, p, &trust_fops);
	debugfs_create_file("ethtool_stats", 0644, p->dbg, p, &stats_fops);
	return dev;
}

static void dcbsim_destroy(struct net_device *dev)
{
	struct dcbsim_priv *p = netdev_priv(dev);

	debugfs_remove_recursive(p->dbg);
	/* the kernel keeps APP entries by ifindex and does not drop them with the netdev;
	 * RTNL because dcbnl ops (which touch apps[]) run under it until unregister */
	rtnl_lock();
	while (p->n_apps)
		dcb_ieee_delapp(dev, &p->apps[--p->n_apps]);
	rtnl_unlock();
	unregister_netdev(dev);
	free_netdev(dev);
}

static int __init dcbsim_module_init(void)
{
	unsigned int i;

	if (!count || count > 64)
		return -EINVAL;
	if (!dcbsim_dcbx_valid(dcbx)) {
		pr_err("dcbsim: invalid dcbx mode 0x%x\n", dcbx);
		return -EINVAL;
	}
	devs = kcalloc(count, sizeof(*devs), GFP_KERNEL);
	if (!devs)
		return -ENOMEM;
	dbg_root = debugfs_create_dir("dcbsim", NULL);
	for (i = 0; i < count; i++) {
		devs[i] = dcbsim_create();
		if (IS_ERR(devs[i])) {
			int err = PTR_ERR(devs[i]);

			while (i--)
				dcbsim_destroy(devs[i]);
			debugfs_remove_recursive(dbg_root);
			kfree(devs);
			return err;
		}
	}
	return 0;
}

static void __exit dcbsim_module_exit(void)
{
	unsigned int i;

	for (i = 0; i < count; i++)
		dcbsim_destroy(devs[i]);
	debugfs_remove_recursive(dbg_root);
	kfree(devs);
}

module_init(dcbsim_module_init);
module_exit(dcbsim_module_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("DCB-capable fake netdevs with failure injection, for the rocecfg lab");
