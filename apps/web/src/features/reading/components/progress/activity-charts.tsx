import { localDay, type ReadingActivity, type StatsTimeframe } from '@bookshelf/contract';
import { useMemo } from 'react';
import { ActivityChart } from './activity-chart';
import { activitySeries, type ActivityPoint } from './activity-series';
import { formatCount } from './format';
import { SectionCard } from './section-card';

const pagesOf = (p: ActivityPoint) => p.pagesRead;
const minutesOf = (p: ActivityPoint) => p.minutes;
const pagesLabel = (n: number) => `${formatCount(n)} ${n === 1 ? 'page' : 'pages'}`;
const minutesLabel = (n: number) => `${formatCount(Math.round(n))} ${Math.round(n) === 1 ? 'minute' : 'minutes'}`;

/** Pages and minutes per day of the period (per month for a year), counted in the reader's zone. */
export function ActivityCharts({
  activity,
  period,
}: {
  activity: ReadingActivity;
  period: Exclude<StatsTimeframe, 'all'>;
}) {
  const points = useMemo(
    () => activitySeries(activity, period, localDay(new Date(), activity.timeZone)),
    [activity, period],
  );
  const per = period === 'year' ? 'month' : 'day';
  const unitHeader = period === 'year' ? 'Month' : 'Day';
  return (
    <SectionCard title="Reading Activity">
      <div className="grid gap-6 md:grid-cols-2">
        <ActivityChart
          title={`Pages read per ${per}`}
          unitHeader={unitHeader}
          valueHeader="Pages"
          points={points}
          value={pagesOf}
          format={pagesLabel}
        />
        <ActivityChart
          title={`Minutes read per ${per}`}
          unitHeader={unitHeader}
          valueHeader="Minutes"
          points={points}
          value={minutesOf}
          format={minutesLabel}
        />
      </div>
    </SectionCard>
  );
}
