import { svgNs } from '../shared/dom';

export const sparklineSize = { width: 120, height: 32, pad: 2 } as const;

/** The polyline points of `values`, scaled into the sparkline box (flat when all are equal). */
export function sparklinePoints(values: readonly number[]): string {
  const { width, height, pad } = sparklineSize;
  if (values.length === 0) return '';
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min;
  const step = values.length > 1 ? (width - 2 * pad) / (values.length - 1) : 0;
  return values
    .map((value, index) => {
      const x = pad + index * step;
      const y = span === 0 ? height / 2 : pad + (1 - (value - min) / span) * (height - 2 * pad);
      return `${round(x)},${round(y)}`;
    })
    .join(' ');
}

export function createSparkline(label: string) {
  const { width, height } = sparklineSize;
  const svg = document.createElementNS(svgNs, 'svg');
  svg.setAttribute('class', 'lab-sparkline');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(height));
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  const line = document.createElementNS(svgNs, 'polyline');
  line.setAttribute('fill', 'none');
  line.setAttribute('stroke', 'currentColor');
  line.setAttribute('stroke-width', '1.5');
  line.setAttribute('stroke-linejoin', 'round');
  line.setAttribute('stroke-linecap', 'round');
  svg.append(line);
  return {
    element: svg,
    update(values: readonly number[], label: string) {
      line.setAttribute('points', sparklinePoints(values));
      svg.setAttribute('aria-label', label);
    },
  };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
