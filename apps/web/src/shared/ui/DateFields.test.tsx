import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { changeLanguage } from '../i18n';
import { setupTestEnvironment } from '../../test/helpers';
import { polyfillBrowser, renderWithProviders } from '../../test/render';
import { field, pickDate } from '../../test/antd';
import { DateField, DateTimeField } from './DateFields';

setupTestEnvironment();
polyfillBrowser();

/** A controlled field whose value is shown beside it, as a form would hold it. */
function Held({ time, initial, max }: { time?: boolean; initial: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="when">时间</label>
      {time ? (
        <DateTimeField id="when" value={value} onChange={setValue} />
      ) : (
        <DateField id="when" value={value} onChange={setValue} max={max} />
      )}
      <output data-testid="held">{value}</output>
    </>
  );
}

const held = () => screen.getByTestId('held').textContent;
const input = () => field('时间') as HTMLInputElement;

/** The open calendar's popup. */
const popup = () =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>('.ant-picker-dropdown');
    if (!found) throw new Error('no calendar open');
    return found;
  });

describe('date fields', { timeout: 30_000 }, () => {
  it('holds a date as YYYY-MM-DD and shows it so', async () => {
    renderWithProviders(<Held initial="2026-03-01" />);
    expect(input().value).toBe('2026-03-01');
    pickDate('时间', '2026-04-15');
    await waitFor(() => expect(held()).toBe('2026-04-15'));
    expect(input().value).toBe('2026-04-15');
  });

  it('holds a date and time as YYYY-MM-DDTHH:mm and shows it with a space', async () => {
    renderWithProviders(<Held time initial="2026-03-01T08:00" />);
    expect(input().value).toBe('2026-03-01 08:00');
    pickDate('时间', '2026-04-15 18:30');
    await waitFor(() => expect(held()).toBe('2026-04-15T18:30'));
    expect(input().value).toBe('2026-04-15 18:30');
  });

  it('shows none for an empty value and clears to an empty string', async () => {
    renderWithProviders(<Held initial="" />);
    expect(input().value).toBe('');
    pickDate('时间', '2026-04-15');
    await waitFor(() => expect(held()).toBe('2026-04-15'));
    const clear = document.querySelector('.ant-picker-clear');
    if (!clear) throw new Error('no clear button');
    fireEvent.mouseDown(clear);
    fireEvent.mouseUp(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(held()).toBe(''));
  });

  it('shows no day for a value that is not one written in its form', () => {
    const { unmount } = renderWithProviders(<Held initial="2026-02-30" />);
    expect(input().value).toBe('');
    unmount();
    renderWithProviders(<Held time initial="2026-03-01T08:00:00.000Z" />);
    expect(input().value).toBe('');
  });

  it('shows the calendar in Chinese for the Chinese UI', async () => {
    renderWithProviders(<Held initial="2026-03-01" />);
    fireEvent.mouseDown(input());
    fireEvent.click(input());
    const calendar = await popup();
    expect(calendar.textContent).toContain('2026年');
    expect(calendar.textContent).toContain('3月');
    const weekdays = Array.from(calendar.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(weekdays).toEqual(['一', '二', '三', '四', '五', '六', '日']);
    expect(calendar.textContent).toContain('今天');
  });

  it('shows the calendar in English for the English UI', async () => {
    await act(() => changeLanguage('en-US'));
    renderWithProviders(<Held initial="2026-03-01" />);
    fireEvent.mouseDown(input());
    fireEvent.click(input());
    const calendar = await popup();
    expect(calendar.textContent).toContain('Mar');
    expect(calendar.textContent).toContain('2026');
    const weekdays = Array.from(calendar.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(weekdays).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
    expect(calendar.textContent).toContain('Today');
  });

  it('disables the days after max', async () => {
    renderWithProviders(<Held initial="2026-03-10" max="2026-03-15" />);
    fireEvent.mouseDown(input());
    fireEvent.click(input());
    const calendar = await popup();
    const cell = (date: string) => calendar.querySelector(`td[title="${date}"]`);
    expect(cell('2026-03-15')?.className).not.toContain('ant-picker-cell-disabled');
    expect(cell('2026-03-16')?.className).toContain('ant-picker-cell-disabled');
    pickDate('时间', '2026-03-20');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held()).toBe('2026-03-10');
    pickDate('时间', '2026-03-14');
    await waitFor(() => expect(held()).toBe('2026-03-14'));
  });

  it('takes Enter in a picker inside a form without submitting the form', async () => {
    const onFinish = vi.fn();
    renderWithProviders(
      <Form name="when-form" onFinish={onFinish} initialValues={{ at: '', on: '' }}>
        <Form.Item name="at" label="时间">
          <DateTimeField />
        </Form.Item>
        <Form.Item name="on" label="日期">
          <DateField />
        </Form.Item>
        <Button htmlType="submit">提交</Button>
      </Form>,
    );
    for (const [label, value] of [
      ['时间', '2026-04-15 18:30'],
      ['日期', '2026-04-16'],
    ] as const) {
      const box = field(label);
      fireEvent.focus(box);
      fireEvent.change(box, { target: { value } });
      // The browser submits a form on Enter in its input unless the key's default is prevented.
      const notPrevented = fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
      expect(notPrevented).toBe(false);
    }
    await waitFor(() => expect((field('日期') as HTMLInputElement).value).toBe('2026-04-16'));
    expect((field('时间') as HTMLInputElement).value).toBe('2026-04-15 18:30');
    expect(onFinish).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('提交'));
    await waitFor(() =>
      expect(onFinish).toHaveBeenCalledWith({ at: '2026-04-15T18:30', on: '2026-04-16' }),
    );
  });
});
