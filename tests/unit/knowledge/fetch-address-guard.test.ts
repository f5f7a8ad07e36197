import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../../server/support/address-guard';

describe('isPrivateAddress', () => {
  it.each([
    ['0.0.0.0', '"this network"'],
    ['0.255.1.2', '0/8'],
    ['10.0.0.5', 'private 10/8'],
    ['10.255.255.255', 'private 10/8, last'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT, last'],
    ['127.0.0.1', 'loopback'],
    ['127.1.2.3', 'loopback /8'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.0.1', 'link-local'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12, last'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.10', 'documentation'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['192.168.1.1', 'private 192.168/16'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking, last'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast (SSDP)'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'IPv6 unspecified'],
    ['::1', 'IPv6 loopback'],
    ['0:0:0:0:0:0:0:1', 'IPv6 loopback, long form'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:a00:5', 'IPv4-mapped 10.0.0.5'],
    ['::ffff:0:10.0.0.5', 'IPv4-translated private'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['64:ff9b::10.0.0.1', 'NAT64 of a private address'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
    ['fc00::1', 'unique local'],
    ['fd12:3456:789a::1', 'unique local fd'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with zone'],
    ['febf:ffff::1', 'link-local, last /10'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation (RFC 9637)'],
    ['2001:0:4136:e378::1', 'Teredo'],
    ['100::1', 'discard-only'],
    ['[::1]', 'bracketed loopback'],
  ])('refuses %s (%s)', (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['93.184.216.34'],
    ['9.255.255.255'], // just below 10/8
    ['11.0.0.0'], // just above 10/8
    ['100.63.255.255'], // just below CGNAT
    ['100.128.0.0'], // just above CGNAT
    ['172.15.255.255'], // just below 172.16/12
    ['172.32.0.0'], // just above 172.16/12
    ['169.253.255.255'],
    ['192.167.255.255'],
    ['198.17.255.255'],
    ['198.20.0.0'],
    ['223.255.255.255'], // last unicast before multicast
    ['2606:4700:4700::1111'],
    ['2001:4860:4860::8888'],
    ['::ffff:8.8.8.8'], // mapped public
    ['64:ff9b::8.8.8.8'], // NAT64 of a public address
    ['2002:808:808::1'], // 6to4 of 8.8.8.8
    ['fbff::1'], // just below fc00::/7
    ['fe00::1'], // between fc00::/7 and fe80::/10
  ])('lets %s through', (ip) => {
    expect(isPrivateAddress(ip)).toBe(false);
  });

  it.each([
    ['0x7f.1', 'hex shorthand'],
    ['0x7f000001', 'hex integer'],
    ['2130706433', 'decimal integer'],
    ['017700000001', 'octal integer'],
    ['0177.0.0.1', 'octal part'],
    ['010.0.0.1', 'leading zero'],
    ['127.1', 'short form'],
    ['1.2.3.4.5', 'five parts'],
    ['256.0.0.1', 'out of range'],
    ['localhost', 'a name'],
    ['', 'nothing'],
    ['1::2::3', 'two ::'],
    ['::ffff:999.0.0.1', 'mapped nonsense'],
  ])('fails closed on %s (%s)', (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });
});
