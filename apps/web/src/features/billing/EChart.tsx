import { useEffect, useRef } from 'react';
import { init, use as register, type ComposeOption, type ECharts } from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  TooltipComponent,
  type GridComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

/**
 * ECharts with only what the account overview draws: bars and lines on a grid with a tooltip,
 * painted as SVG. Only the overview's charts import this module, and they load after the page.
 */
register([BarChart, LineChart, GridComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | TooltipComponentOption
>;

/** One chart that follows its option and the size of its box; `label` names it for readers. */
export function EChart({ option, label }: { option: ChartOption; label: string }) {
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

  return <div ref={box} className="billing-chart" role="img" aria-label={label} />;
}
