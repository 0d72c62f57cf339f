import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One owner per table: a table is declared in `features/<owner>/<owner>.schema.ts`, and only
 * the owner's repos write it: `<owner>.repo.ts`, or one repo per aggregate
 * (`<owner>.<aggregate>.repo.ts`), and the owner's own `<owner>.seed.ts`. Other features go through what the owner's service offers. The
 * seed is the one exception: it loads the system rows and the demo data before any feature runs.
 */
const src = join(dirname(fileURLToPath(import.meta.url)), '..');
const features = join(src, 'features');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? filesUnder(join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

function ownersOfTables(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of filesUnder(features).filter((f) => f.endsWith('.schema.ts'))) {
    const feature = basename(dirname(file));
    for (const m of readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(/g)) {
      owners.set(m[1]!, feature);
    }
  }
  return owners;
}

/** Tables a file inserts into, updates or deletes from, through the ORM or in raw SQL. */
export function tablesWrittenBy(code: string): Set<string> {
  const written = new Set<string>();
  const patterns = [
    /\.(?:insert|update|delete)\(\s*(?:schema\.)?(\w+)\s*\)/g,
    /\b(?:insert\s+into|update|delete\s+from)\s+\$\{\s*(?:schema\.)?(\w+)\s*\}/gi,
  ];
  for (const pattern of patterns) for (const m of code.matchAll(pattern)) written.add(m[1]!);
  return written;
}

/** Whether the file at `path` (under `features/`) is one of the repos or the seed of `owner`. */
function ownsTables(owner: string, path: string): boolean {
  const [folder, file] = path.split('/');
  if (folder !== owner || !file) return false;
  return (
    file === `${owner}.seed.ts` || new RegExp(`^${owner}(\\.[a-z-]+)?\\.repo\\.ts$`).test(file)
  );
}

describe('table owners', () => {
  it('finds writes through the ORM and in raw SQL', () => {
    const code = [
      'await db.insert(users).values(row);',
      'await tx.update(schema.classes).set({});',
      'db.delete(\n  studentTasks\n)',
      'sql`insert into ${userRoles} (user_id) select id from created`',
      'sql`update ${schools} set name = 1`',
      'sql`delete from ${menus} where true`',
      'db.select().from(regions)',
    ].join('\n');
    expect([...tablesWrittenBy(code)].sort()).toEqual([
      'classes',
      'menus',
      'schools',
      'studentTasks',
      'userRoles',
      'users',
    ]);
  });

  it('counts a feature’s repos per aggregate as its own, and nothing else', () => {
    expect(ownsTables('teaching', 'teaching/teaching.repo.ts')).toBe(true);
    expect(ownsTables('teaching', 'teaching/teaching.reports.repo.ts')).toBe(true);
    expect(ownsTables('teaching', 'teaching/teaching.seed.ts')).toBe(true);
    expect(ownsTables('teaching', 'teaching/teaching.reports.ts')).toBe(false);
    expect(ownsTables('teaching', 'courses/teaching.repo.ts')).toBe(false);
    expect(ownsTables('teaching', 'teaching/teaching.a.b.repo.ts')).toBe(false);
  });

  it('lets only the owning feature’s repo and seed write a table', () => {
    const owners = ownersOfTables();
    expect(owners.get('users')).toBe('users');
    const strays: string[] = [];
    for (const file of filesUnder(features)) {
      const path = relative(features, file);
      const feature = path.split('/')[0]!;
      if (feature === 'seed' || file.endsWith('.test.ts')) continue;
      for (const table of tablesWrittenBy(readFileSync(file, 'utf8'))) {
        const owner = owners.get(table);
        if (owner && !ownsTables(owner, path)) strays.push(`${path} writes ${table}`);
      }
    }
    expect(strays).toEqual([]);
  });
});
