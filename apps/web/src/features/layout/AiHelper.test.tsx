import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { setupTestEnvironment } from '../../test/helpers';
import { AiHelper, aiChatSrc } from './AiHelper';

setupTestEnvironment();

describe('AI helper', () => {
  it('loads the configured chat address with agentCode, token and viewmode=headless', () => {
    const src = new URL(aiChatSrc('https://chat.example.test/ui?x=1', 'agent-7', 'tok en'));
    expect(src.origin + src.pathname).toBe('https://chat.example.test/ui');
    expect(src.searchParams.get('x')).toBe('1');
    expect(src.searchParams.get('agentCode')).toBe('agent-7');
    expect(src.searchParams.get('token')).toBe('tok en');
    expect(src.searchParams.get('viewmode')).toBe('headless');
    expect(new URL(aiChatSrc('https://c.test/', null, null)).searchParams.has('agentCode')).toBe(
      false,
    );
  });

  it('toggles its panel and shows loading until the frame has loaded', () => {
    render(<AiHelper chatUrl="https://chat.example.test/ui" agentCode="a1" token="t1" />);
    expect(document.querySelector('iframe')).toBeNull();
    const button = screen.getByRole('button', { name: 'AI 助手' });
    fireEvent.click(button);
    const panel = screen.getByRole('region', { name: 'AI 助手面板' });
    expect(panel.hidden).toBe(false);
    expect(screen.getByRole('status').textContent).toContain('AI 助手加载中…');
    const frame = panel.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toContain('viewmode=headless');
    fireEvent.load(frame);
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '关闭 AI 助手' }));
    expect(panel.hidden).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'AI 助手' }));
    expect(panel.hidden).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
