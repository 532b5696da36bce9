import { describe, expect, it } from 'vitest';
import { hostOf, isPublicAddress } from './address-policy';

describe('addresses a download may reach', () => {
  it('allows public IPv4 and IPv6 addresses', () => {
    for (const address of ['8.8.8.8', '20.60.1.2', '151.101.1.1', '2606:4700:4700::1111', '[2a00:1450:4007:80e::200e]']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses loopback, private, link-local, shared, reserved and multicast ranges', () => {
    for (const address of [
      '127.0.0.1', '127.255.0.9', '0.0.0.0', '10.1.2.3', '172.16.0.1', '172.31.255.254', '192.168.1.1',
      '169.254.169.254', '100.64.0.1', '192.0.2.7', '198.18.0.1', '224.0.0.1', '255.255.255.255',
      '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '2001:db8::1',
      // IPv4 inside IPv6: mapped, NAT64, 6to4.
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a00:1', '64:ff9b::a00:1', '2002:7f00:1::1',
      // IPv4-compatible (deprecated, ::/96) and IPv4-translated (::ffff:0:0:0/96), whatever the address inside;
      // mapped ones too, even of a public address: a download connects to the IPv4 address itself.
      '::7f00:1', '::127.0.0.1', '::a00:1', '::808:808', '::ffff:0:7f00:1', '::ffff:0:808:808', '::ffff:8.8.8.8', '[::ffff:0:0]',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses what is not an address at all', () => {
    for (const value of ['', 'localhost', 'example.com', '1.2.3', '999.1.1.1']) expect(isPublicAddress(value), value).toBe(false);
  });

  it('names hosts as configuration does', () => {
    expect(hostOf(new URL('http://[::1]:8080/x'))).toBe('::1');
    expect(hostOf(new URL('http://Images.Example.NET./x'))).toBe('images.example.net');
    expect(hostOf(new URL('http://2130706433/'))).toBe('127.0.0.1');
  });
});
