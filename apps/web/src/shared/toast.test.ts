import { describe, expect, it, vi } from 'vitest';
import { setupTestEnvironment, toastTexts } from '../test/helpers';
import { showErrorToast, showToast, toast } from './toast';

setupTestEnvironment();

describe('toasts', () => {
  it('errors and warnings from any module last 3 s, one per 3 s', async () => {
    vi.useFakeTimers();
    showToast('error', '启动失败');
    showToast('error', '启动失败');
    toast.warning('启动失败');
    expect(showErrorToast('启动失败')).toBe(false);
    expect(toastTexts()).toEqual(['启动失败']);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(toastTexts()).toEqual(['启动失败']);
    await vi.advanceTimersByTimeAsync(1);
    expect(toastTexts()).toEqual([]);
    toast.warning('请先启动环境');
    expect(toastTexts()).toEqual(['请先启动环境']);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(toastTexts()).toEqual([]);
  });

  it('a longer error the spec names stays its time; successes and persistent notices are not throttled', async () => {
    vi.useFakeTimers();
    expect(showErrorToast('重置失败', { durationMs: 5_000 })).toBe(true);
    toast.success('已保存');
    showToast('warning', '请使用谷歌或者火狐浏览器', { persistent: true });
    expect(toastTexts()).toEqual(['重置失败', '已保存', '请使用谷歌或者火狐浏览器']);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(toastTexts()).toEqual(['重置失败', '请使用谷歌或者火狐浏览器']);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(toastTexts()).toEqual(['请使用谷歌或者火狐浏览器']);
  });
});
