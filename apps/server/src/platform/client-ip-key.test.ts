import { describe, expect, it } from 'vitest';
import { clientIpKey } from './client-ip-key.ts';

describe('clientIpKey (what per-IP limits count an address as)', () => {
  it('gives two addresses in one IPv6 /64 the same key, however they are written', () => {
    const key = clientIpKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientIpKey('2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe(key);
    expect(clientIpKey('2001:0DB8:0001:0002:0000:0000:0000:0001')).toBe(key);
  });

  it('gives addresses in neighbouring /64s different keys', () => {
    expect(clientIpKey('2001:db8:1:3::1')).not.toBe(clientIpKey('2001:db8:1:2::1'));
    expect(clientIpKey('::1')).toBe('0:0:0:0::/64');
    expect(clientIpKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('keeps an IPv4 address as it is', () => {
    expect(clientIpKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientIpKey('203.0.113.8')).not.toBe(clientIpKey('203.0.113.7'));
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address, dotted or in hex', () => {
    expect(clientIpKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientIpKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('keeps what is not an address as it is', () => {
    expect(clientIpKey('unknown')).toBe('unknown');
  });
});
