import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contract from '@platform/contract';

/**
 * One name per concept in every layer: the route's feature (its OpenAPI tag), the contract's
 * `<feature>.api.ts`, the server's `features/<feature>`, the web's `features/<feature>` and its
 * text namespace, and the `<feature>.` prefix of the feature's message keys.
 */

const root = join(import.meta.dirname, '../../../..');
const contractDir = join(root, 'packages/contract/src');
const serverFeatures = join(root, 'apps/server/src/features');
const webFeatures = join(root, 'apps/web/src/features');

/** Tags of routes that belong to no feature folder: the server's own health check. */
const tagsWithoutFolder = new Set(['system']);
/** Messages every feature may answer with. */
const sharedMessages = new Set(['common', 'permissions']);
/** Web folders with no API of their own: the shell's pages and the public site's screens. */
const webOnly: Record<string, string> = {
  errors: 'the error pages of the shell',
  landing: 'the home page after sign-in, built of other features’ cards',
  layout: 'the signed-in frame: header, menus, site settings it reads',
  site: 'the public site’s pages, reading the portal (cms) and the site settings',
};

function routeFeatures(): Set<string> {
  const features = new Set<string>();
  for (const [name, value] of Object.entries(contract)) {
    if (!name.endsWith('Api') || typeof value !== 'object' || value === null) continue;
    for (const route of Object.values(value as Record<string, unknown>)) {
      const feature = (route as { feature?: unknown } | null)?.feature;
      if (typeof feature === 'string') features.add(feature);
    }
  }
  return features;
}

const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

describe('feature names', () => {
  it('every route’s feature has its contract file and its server folder of that name', () => {
    const missing = [...routeFeatures()].flatMap((feature) => [
      ...(existsSync(join(contractDir, `${feature}.api.ts`))
        ? []
        : [`packages/contract/src/${feature}.api.ts`]),
      ...(tagsWithoutFolder.has(feature) || existsSync(join(serverFeatures, feature))
        ? []
        : [`apps/server/src/features/${feature}`]),
    ]);
    expect(missing).toEqual([]);
  });

  it('every message file holds only its feature’s keys', () => {
    const strays = readdirSync(contractDir)
      .filter((f) => f.endsWith('.messages.json'))
      .flatMap((file) => {
        const feature = file.replace('.messages.json', '');
        const keys = Object.keys(JSON.parse(readFileSync(join(contractDir, file), 'utf8')));
        const owned = sharedMessages.has(feature) || existsSync(join(serverFeatures, feature));
        return [
          ...(owned ? [] : [`${file}: no server feature ${feature}`]),
          ...keys.filter((k) => !k.startsWith(`${feature}.`)).map((k) => `${file}: ${k}`),
        ];
      });
    expect(strays).toEqual([]);
  });

  it('every web feature is a server feature of that name (or a listed screen of its own), with texts under its name', () => {
    const webFolders = folders(webFeatures);
    const serverFolders = new Set(folders(serverFeatures));
    expect(webFolders.filter((f) => !serverFolders.has(f) && !(f in webOnly))).toEqual([]);

    const gathered = readFileSync(join(webFeatures, 'index.ts'), 'utf8');
    const namespaces = [...gathered.matchAll(/^ {2}([\w-]+): feature\(/gm)].map((m) => m[1]!);
    expect(namespaces.filter((n) => !webFolders.includes(n))).toEqual([]);
    const withTexts = webFolders.filter(
      (f) =>
        existsSync(join(webFeatures, f, 'locales.ts')) ||
        existsSync(join(webFeatures, f, 'manage/locales.ts')),
    );
    expect(withTexts.filter((f) => !namespaces.includes(f))).toEqual([]);
  });
});
