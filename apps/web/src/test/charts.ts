import { beforeAll } from 'vitest';
import { screen } from '@testing-library/react';

/**
 * jsdom lays nothing out and has no canvas: the boxes of `chartClass` get a size, and text is
 * measured without a canvas, so the charts draw as SVG.
 */
export function polyfillCharts(chartClass: string): void {
  beforeAll(() => {
    HTMLCanvasElement.prototype.getContext = (() => null) as never;
    const size = (value: number) =>
      function (this: HTMLElement) {
        return this.classList.contains(chartClass) ? value : 0;
      };
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      get: size(600),
      configurable: true,
    });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      get: size(280),
      configurable: true,
    });
  });
}

/** The texts drawn in the chart named `label`. */
export const chartTexts = (label: string) =>
  Array.from(screen.getByRole('img', { name: label }).querySelectorAll('text')).map(
    (el) => el.textContent,
  );
