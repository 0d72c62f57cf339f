import { describe, expect, it } from 'vitest';
import { hasView, viewFor } from './viewRegistry';
import { ViewUnavailable } from '../features/errors/ViewUnavailable';

describe('view registry', () => {
  it('maps the seeded views and falls back to the not-available screen', () => {
    expect(hasView('workbench')).toBe(true);
    expect(hasView('personal/info')).toBe(true);
    expect(hasView('PersonalPassword')).toBe(true);
    expect(hasView('CourseList')).toBe(true);
    expect(hasView('MarketList')).toBe(false);
    expect(viewFor('MarketList')).toBe(ViewUnavailable);
    expect(viewFor(null)).toBe(ViewUnavailable);
    expect(viewFor('workbench')).not.toBe(ViewUnavailable);
  });
});
