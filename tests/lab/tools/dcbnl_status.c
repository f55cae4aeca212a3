// SPDX-License-Identifier: GPL-2.0
/*
 * dcbnl_status - send one DCB_CMD_IEEE_SET and report the driver's status.
 *
 * Why this exists: for DCB_CMD_IEEE_SET/DEL the kernel acks the netlink request
 * with success and puts the driver's error into a u8 DCB_ATTR_IEEE attribute of
 * the reply ((u8)-errno, e.g. 251 for -EIO).  Debian 12's iproute2 6.1.0 `dcb` does
 * not report it (an upstream regression, fixed later), so `dcb pfc set` exits 0 even
 * when the driver refused.  The lab's
 * failure-injection scenario uses this tool to prove the error reaches the
 * caller; rocecfg's DCB backend must read the attribute the same way.
 *
 *   dcbnl_status DEV pfc MASK            set pfc_en = MASK (0x08 = priority 3)
 *   dcbnl_status DEV app-dscp DSCP PRIO  add a DSCP APP entry
 *   dcbnl_status DEV ets-bw B0,...,B7    all 8 TCs ETS with these bandwidths, prio N -> TC N
 *                                        (lets a test send what `dcb ets set` would refuse)
 *
 * Exit: 0 driver accepted, 1 driver returned an error (printed), 2 usage or netlink error.
 */
#include <errno.h>
#include <linux/dcbnl.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

struct req {
	char buf[512];
	size_t len;
};

static struct nlattr *put(struct req *r, unsigned short type, const void *data, size_t len)
{
	struct nlattr *a = (struct nlattr *)(r->buf + r->len);

	a->nla_type = type;
	a->nla_len = NLA_HDRLEN + len;
	if (data)
		memcpy((char *)a + NLA_HDRLEN, data, len);
	r->len += NLA_ALIGN(a->nla_len);
	return a;
}

static int usage(void)
{
	fprintf(stderr, "usage: dcbnl_status DEV pfc MASK | DEV app-dscp DSCP PRIO | DEV ets-bw B0,...,B7\n");
	return 2;
}

int main(int argc, char **argv)
{
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	struct req r = { .len = NLMSG_HDRLEN };
	struct nlmsghdr *nlh = (struct nlmsghdr *)r.buf;
	struct dcbmsg dcb = { .dcb_family = AF_UNSPEC, .cmd = DCB_CMD_IEEE_SET };
	struct nlattr *ieee;
	char reply[8192];
	int fd, status = -1;
	ssize_t n;

	if (argc < 4)
		return usage();
	memcpy(r.buf + r.len, &dcb, sizeof(dcb));
	r.len += NLMSG_ALIGN(sizeof(dcb));
	put(&r, DCB_ATTR_IFNAME, argv[1], strlen(argv[1]) + 1);
	ieee = put(&r, DCB_ATTR_IEEE, NULL, 0);
	if (!strcmp(argv[2], "pfc")) {
		struct ieee_pfc pfc = { .pfc_en = (unsigned char)strtoul(argv[3], NULL, 0) };

		put(&r, DCB_ATTR_IEEE_PFC, &pfc, sizeof(pfc));
	} else if (!strcmp(argv[2], "app-dscp") && argc == 5) {
		struct dcb_app app = {
			.selector = IEEE_8021QAZ_APP_SEL_DSCP,
			.protocol = (unsigned short)strtoul(argv[3], NULL, 0),
			.priority = (unsigned char)strtoul(argv[4], NULL, 0),
		};
		struct nlattr *table = put(&r, DCB_ATTR_IEEE_APP_TABLE, NULL, 0);

		put(&r, DCB_ATTR_IEEE_APP, &app, sizeof(app));
		table->nla_len = (char *)(r.buf + r.len) - (char *)table;
	} else if (!strcmp(argv[2], "ets-bw")) {
		struct ieee_ets ets = { .ets_cap = IEEE_8021QAZ_MAX_TCS };
		char *cur = argv[3];
		int i;

		for (i = 0; i < IEEE_8021QAZ_MAX_TCS; i++) {
			ets.tc_tsa[i] = IEEE_8021QAZ_TSA_ETS;
			ets.prio_tc[i] = i;
			ets.tc_tx_bw[i] = (unsigned char)strtoul(cur, &cur, 0);
			if (*cur == ',')
				cur++;
		}
		put(&r, DCB_ATTR_IEEE_ETS, &ets, sizeof(ets));
	} else {
		return usage();
	}
	ieee->nla_len = (char *)(r.buf + r.len) - (char *)ieee;
	nlh->nlmsg_len = r.len;
	nlh->nlmsg_type = RTM_SETDCB;
	nlh->nlmsg_flags = NLM_F_REQUEST;
	nlh->nlmsg_seq = 1;

	fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
	if (fd < 0 || sendto(fd, r.buf, r.len, 0, (struct sockaddr *)&kernel, sizeof(kernel)) < 0) {
		perror("dcbnl_status: netlink");
		return 2;
	}
	n = recv(fd, reply, sizeof(reply), 0);
	if (n < 0) {
		perror("dcbnl_status: recv");
		return 2;
	}
	for (nlh = (struct nlmsghdr *)reply; NLMSG_OK(nlh, n); nlh = NLMSG_NEXT(nlh, n)) {
		if (nlh->nlmsg_type == NLMSG_ERROR) {
			int err = ((struct nlmsgerr *)NLMSG_DATA(nlh))->error;

			if (err) {
				fprintf(stderr, "dcbnl_status: netlink error: %s\n", strerror(-err));
				return 2;
			}
		} else if (nlh->nlmsg_type == RTM_SETDCB) {
			struct nlattr *a = (struct nlattr *)((char *)NLMSG_DATA(nlh) + NLMSG_ALIGN(sizeof(dcb)));
			int left = nlh->nlmsg_len - NLMSG_LENGTH(NLMSG_ALIGN(sizeof(dcb)));

			for (; left >= NLA_HDRLEN && a->nla_len >= NLA_HDRLEN && a->nla_len <= left;
			     left -= NLA_ALIGN(a->nla_len), a = (struct nlattr *)((char *)a + NLA_ALIGN(a->nla_len)))
				if ((a->nla_type & NLA_TYPE_MASK) == DCB_ATTR_IEEE)
					status = *((unsigned char *)a + NLA_HDRLEN);
		}
	}
	close(fd);
	if (status < 0) {
		fprintf(stderr, "dcbnl_status: no DCB_ATTR_IEEE status in the reply\n");
		return 2;
	}
	if (status) {
		/* the kernel stores the negative errno truncated to u8 */
		int err = 256 - status;

		printf("driver error: status %d = -%d (%s)\n", status, err, strerror(err));
		return 1;
	}
	printf("ok\n");
	return 0;
}
