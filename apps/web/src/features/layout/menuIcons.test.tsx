import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { changeLanguage } from '../../shared/i18n';
import { setupTestEnvironment } from '../../test/helpers';
import { menuIcon } from './menuIcons';
import { SiteTitle } from './SiteTitle';

setupTestEnvironment();

/** The icon names the server's menu seeds give their entries (`icon: 'ReadOutlined'`). */
function seededIconNames(): string[] {
  const features = join(__dirname, '../../../../server/src/features');
  const names = new Set<string>();
  for (const dir of readdirSync(features, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const files = readdirSync(join(features, dir.name)).filter((f) => f.endsWith('.ts'));
    for (const file of files) {
      const text = readFileSync(join(features, dir.name, file), 'utf8');
      for (const m of text.matchAll(/'([A-Z][A-Za-z]+Outlined)'/g)) names.add(m[1]!);
    }
  }
  return [...names].sort();
}

describe('menu icons', () => {
  it('show an icon for every icon the seeded menus name', () => {
    const names = seededIconNames();
    expect(names).toEqual(
      expect.arrayContaining(['ReadOutlined', 'ScheduleOutlined', 'CodeOutlined']),
    );
    expect(names.filter((name) => !menuIcon(name))).toEqual([]);
  });
});

describe('header title', () => {
  it('shows the platform’s default site name in the reader’s language, a school or another name as it is', async () => {
    const { rerender } = render(<SiteTitle siteName="实训教学平台" />);
    expect(screen.getByText('实训教学平台')).toBeTruthy();
    await changeLanguage('en-US');
    rerender(<SiteTitle siteName="实训教学平台" />);
    expect(await screen.findByText('Hands-on Lab Platform')).toBeTruthy();
    rerender(<SiteTitle siteName="示范职业学院实训平台" />);
    expect(screen.getByText('示范职业学院实训平台')).toBeTruthy();
    rerender(<SiteTitle schoolName="示范学校" siteName="实训教学平台" />);
    expect(screen.getByText('示范学校')).toBeTruthy();
  });
});
