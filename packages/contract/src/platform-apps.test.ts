import { describe, expect, it } from 'vitest';
import {
  defaultImageOf,
  isPinnedImage,
  platformAppOf,
  platformApps,
  resourceKinds,
  runnerOf,
} from './index';

describe('platform applications', () => {
  it('pins every image, its own and those it needs, to an exact tag or digest', () => {
    const refs = platformApps.flatMap((app) => [app.image, ...app.needs.map((n) => n.image)]);
    expect(refs.filter((ref) => !isPinnedImage(ref))).toEqual([]);
  });

  it('tells pinned references from floating ones', () => {
    expect(isPinnedImage('chirpstack/chirpstack:4.11.0')).toBe(true);
    expect(isPinnedImage(`debian@sha256:${'a'.repeat(64)}`)).toBe(true);
    expect(isPinnedImage('registry.local:5000/lab/terminal:1.0.0')).toBe(true);
    expect(isPinnedImage('chirpstack/chirpstack')).toBe(false);
    expect(isPinnedImage('chirpstack/chirpstack:latest')).toBe(false);
    expect(isPinnedImage('registry.local:5000/lab/terminal')).toBe(false);
    expect(isPinnedImage('chirpstack/chirpstack:stable')).toBe(false);
  });

  it('covers the kinds the platform cannot run itself, once each, with the web port among its ports', () => {
    const kinds = platformApps.map((app) => app.resourceKind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect([...kinds].sort()).toEqual(['ChirpStack', 'HomeAssistant', 'JUPYTERHUB', 'THINGSBOARD']);
    for (const app of platformApps) {
      expect(runnerOf(app.resourceKind)).toBeNull();
      expect(app.ports.some((p) => p.port === app.webPort && p.protocol === 'TCP')).toBe(true);
    }
    expect(platformAppOf('ChirpStack')?.needs.map((n) => n.name)).toEqual([
      'postgresql',
      'redis',
      'mqtt',
      'chirpstack-gateway-bridge',
    ]);
  });

  it('gives kinds the platform runs itself no default image', () => {
    for (const kind of resourceKinds.filter((k) => runnerOf(k) !== null))
      expect(defaultImageOf(kind)).toBe('');
    expect(defaultImageOf('HomeAssistant')).toMatch(/home-assistant:\d/);
  });
});
