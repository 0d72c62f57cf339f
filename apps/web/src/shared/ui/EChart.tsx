import { useEffect, useRef } from 'react';
import { init, use as register, type ComposeOption, type ECharts } from 'echarts/core';
import {
  BarChart,
  LineChart,
  PieChart,
  type BarSeriesOption,
  type LineSeriesOption,
  type PieSeriesOption,
} from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

/**
 * ECharts with only what the dashboards draw: bars, lines and pies with a grid, a tooltip and a
 * legend, painted as SVG. Only the dashboards' charts import this module, each page loaded on
 * first use, so the charts never weigh on another page's load.
 */
register([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  SVGRenderer,
]);

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

/**
 * One chart that follows its option and the size of its box, which `className` gives it;
 * `label` names it for readers.
 */
export function EChart({
  option,
  label,
  className,
}: {
  option: ChartOption;
  label: string;
  className: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = init(el, null, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return <div ref={box} className={className} role="img" aria-label={label} />;
}
