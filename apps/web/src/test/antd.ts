import { fireEvent, screen, waitFor } from '@testing-library/react';

/** Driving antd screens: forms, selects, buttons and table rows. */

/**
 * The input of the form item labelled `label`. The required mark (*) is part of the label's
 * text but hidden from assistive technology.
 */
export const field = (label: string) => screen.getByLabelText(new RegExp(`^\\*?${label}$`));

export const typeInto = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });

/**
 * Sets the antd date picker labelled `label` as a user types it: `value` in the form the picker
 * shows (`YYYY-MM-DD`, or `YYYY-MM-DD HH:mm` with a time), then Enter to take it.
 */
export function pickDate(label: string, value: string) {
  const input = field(label);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

/** Types `text` into the search box labelled `label` and presses Enter. */
export function searchFor(label: string, text: string) {
  const box = screen.getByLabelText(label);
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  // The input takes the next Enter only after this one is released.
  fireEvent.keyUp(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

/** The error shown under the form item of `field(label)`, if any. */
export function errorOf(label: string): string | null {
  const item = field(label).closest('.ant-form-item');
  return item?.querySelector('.ant-form-item-explain-error')?.textContent ?? null;
}

/**
 * The error shown under the form item whose label reads `label`, if any: for items without one
 * labelled input, such as radio groups.
 */
export function labelErrorOf(label: string): string | null {
  const labels = Array.from(document.querySelectorAll('.ant-form-item-label label'));
  const found = labels.find((l) => l.textContent?.replace('*', '').trim() === label);
  const item = found?.closest('.ant-form-item');
  return item?.querySelector('.ant-form-item-explain-error')?.textContent ?? null;
}

/** Picks an option of an antd Select, given its input (`getByLabelText` is much faster than roles). */
export async function chooseOption(box: HTMLElement, option: string) {
  fireEvent.mouseDown(box);
  // Every select has the same id under test, so the open dropdown is found by being shown.
  const item = await waitFor(() => {
    const items = document.querySelectorAll<HTMLElement>(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
    );
    const found = Array.from(items).filter((el) => el.getAttribute('title') === option);
    if (found.length !== 1) throw new Error(`option ${option}: ${found.length} shown`);
    return found[0]!;
  });
  fireEvent.click(item);
}

/**
 * Clicks the button showing `text` (role queries are slow on antd's large DOM). With `within`,
 * only buttons inside it count.
 */
export function clickButton(text: string, within: HTMLElement = document.body) {
  const buttons = Array.from(within.querySelectorAll('button')).filter(
    (b) => b.textContent?.trim() === text,
  );
  if (buttons.length !== 1) throw new Error(`button ${text}: ${buttons.length} found`);
  fireEvent.click(buttons[0]!);
}

/** The table row that holds `text`. */
export function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}
