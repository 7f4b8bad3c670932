import type { DashboardDay } from '@common/contract/admin/dashboard';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import type { ChartLabels } from './RevenueChartCanvas';

// uPlot travels in this chunk only: loaded when the dashboard first draws its chart (docs/decisions/014).
const RevenueChartCanvas = lazy(() => import('./RevenueChartCanvas'));

/** Shows `fallback` instead of the chart when its code cannot be loaded (offline, a new deployment). */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The revenue-per-day chart, its library loaded on demand; `failed` is said when it cannot be. */
export function RevenueChart({ days, labels, failed }: { days: DashboardDay[]; labels: ChartLabels; failed: string }) {
  return (
    <ChartBoundary fallback={<p className="dash-chart__failed">{failed}</p>}>
      <Suspense fallback={<div className="dash-chart__placeholder" />}>
        <RevenueChartCanvas days={days} labels={labels} />
      </Suspense>
    </ChartBoundary>
  );
}
