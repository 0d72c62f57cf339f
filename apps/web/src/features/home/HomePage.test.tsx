import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import {
  envelope,
  jsonResponse,
  menuNode,
  toastTexts,
  setupTestEnvironment,
} from '../../test/helpers';
import { setToken } from '../../shared/session';
import { HomePage } from './HomePage';

setupTestEnvironment();

const user = {
  id: '11',
  userId: '11',
  userName: 'operator01',
  name: null,
  phone: null,
  collegeId: null,
  roles: [{ id: '31', tenantId: 'platform-web', code: 'operator', name: '运营人员' }],
};

const leaf = (id: string, url: string) => menuNode({ id, url, index: id, sort: Number(id) });

function serve(tree: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api-user/users/current')) return jsonResponse(envelope(user));
      if (url.startsWith('/api-user/menus/all/')) return jsonResponse(envelope(tree));
      return jsonResponse(envelope(null));
    }),
  );
}

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/home/index']}>
        <HomePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('home page header', () => {
  it('offers sign-in when signed out', () => {
    serve([]);
    renderHome();
    expect(screen.getByRole('link', { name: '登录' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByText('实验中心')).toBeNull();
  });

  it('links the experimental centre to the first visible menu entry when signed in', async () => {
    setToken('tok');
    serve([{ ...leaf('1', 'ops'), hidden: true }, leaf('2', 'workbench')]);
    renderHome();
    const link = await screen.findByRole('link', { name: '实验中心' });
    await vi.waitFor(() => expect(link.getAttribute('href')).toBe('/sch_edu/workbench'));
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull();
  });

  it('says 暂无权限 when the permission tree is empty', async () => {
    setToken('tok');
    serve([]);
    renderHome();
    const button = await screen.findByRole('button', { name: '实验中心' });
    fireEvent.click(button);
    expect(toastTexts()).toEqual(['暂无权限']);
  });
});
