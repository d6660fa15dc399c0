import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeoProvider } from './geo.ts';
import { createIpinfoGeo } from './ipinfo.ts';
import { createSandboxGeo } from './sandbox.ts';

// A stand-in for ipinfo.io on loopback, answering its documented /{ip}/country format.
let host: FastifyInstance;
let hostUrl: string;
const COUNTRIES: Record<string, string> = { '192.0.2.10': 'GB', '198.51.100.7': 'KP', '203.0.113.5': 'US' };
beforeAll(async () => {
  host = Fastify();
  host.get('/:ip/country', async (request, reply) => {
    const { ip } = request.params as { ip: string };
    if ((request.query as { token?: string }).token !== 'test-token') return reply.code(403).send('forbidden');
    const country = COUNTRIES[ip];
    return country ? reply.type('text/plain').send(`${country}\n`) : reply.code(404).send('not found');
  });
  hostUrl = await host.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => host.close());

const adapters: Array<[string, () => GeoProvider]> = [
  ['sandbox', () => createSandboxGeo('DE')],
  ['ipinfo', () => createIpinfoGeo({ token: 'test-token', baseUrl: hostUrl })],
];

describe.each(adapters)('GeoProvider: %s', (_name, create) => {
  it.each(Object.entries(COUNTRIES))('places %s in %s', async (ip, country) => {
    expect(await create().countryOf(ip)).toBe(country);
  });

  it('answers null for an unknown or malformed address, never throws', async () => {
    expect(await create().countryOf('8.8.4.4')).toBeNull();
    expect(await create().countryOf('not-an-ip')).toBeNull();
  });
});

describe('sandbox geo', () => {
  it('puts loopback and private addresses in the configured country', async () => {
    const geo = createSandboxGeo('DE');
    for (const ip of ['127.0.0.1', '::1', '10.1.2.3', '192.168.1.5', '::ffff:127.0.0.1']) expect(await geo.countryOf(ip)).toBe('DE');
  });

  it('reads an IPv4-mapped IPv6 address (a dual-stack socket) as its IPv4 address', async () => {
    const geo = createSandboxGeo('DE');
    for (const ip of ['::ffff:10.1.2.3', '::ffff:192.168.1.5', '::ffff:172.16.0.9', '::FFFF:127.0.0.1'])
      expect(await geo.countryOf(ip), ip).toBe('DE');
    expect(await geo.countryOf('::ffff:192.0.2.10')).toBe('GB');
    expect(await geo.countryOf('::ffff:198.51.100.7')).toBe('KP');
    expect(await geo.countryOf('::ffff:8.8.4.4')).toBeNull();
    expect(await geo.countryOf('::ffff:not-an-ip')).toBeNull();
  });
});

describe('ipinfo adapter', () => {
  it('treats a refused token as unknown and names the missing variable', async () => {
    expect(await createIpinfoGeo({ token: 'wrong', baseUrl: hostUrl }).countryOf('192.0.2.10')).toBeNull();
    expect(() => createIpinfoGeo({ token: '' })).toThrow('IPINFO_TOKEN');
  });
});
