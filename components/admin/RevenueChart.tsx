import { formatPrice } from "@/lib/site/format";
import type { RevenueDay } from "@/lib/orders/views";

const WIDTH = 600;
const HEIGHT = 160;
const PAD_BOTTOM = 20;
const PAD_TOP = 10;

const dayLabel = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/**
 * Revenue by day as a server-drawn SVG bar chart (no chart library). Screen readers get the
 * title, a one-sentence summary and the figures as a visually hidden table.
 */
export function RevenueChart({ days }: { days: RevenueDay[] }) {
  const max = Math.max(0, ...days.map((d) => d.revenue));
  const total = days.reduce((sum, d) => sum + d.revenue, 0);
  const best = days.reduce<RevenueDay | null>((top, d) => (d.revenue > (top?.revenue ?? 0) ? d : top), null);
  const slot = WIDTH / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const plot = HEIGHT - PAD_BOTTOM - PAD_TOP;
  const first = days[0];
  const last = days[days.length - 1];
  const summary =
    first && last
      ? `${formatPrice(total)} from ${dayLabel(first.day)} to ${dayLabel(last.day)}${best ? `; the best day was ${dayLabel(best.day)} with ${formatPrice(best.revenue)}` : "; no revenue on any day"}.`
      : "No days to show.";
  return (
    <>
      <figure className="mt-4">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="revenue-title revenue-desc" className="h-auto w-full max-w-2xl rounded border border-slate-200 bg-white">
          {/* One string child: React renders a <title> with several children as an empty one on the server, and the browser's differs (hydration error #418). */}
          <title id="revenue-title">{`Revenue by day, last ${days.length} days`}</title>
          <desc id="revenue-desc">{summary}</desc>
          <line x1={0} x2={WIDTH} y1={HEIGHT - PAD_BOTTOM} y2={HEIGHT - PAD_BOTTOM} stroke="#94a3b8" strokeWidth={1} />
          {days.map((d, i) => {
            const h = max > 0 ? (d.revenue / max) * plot : 0;
            return (
              <rect key={d.day} x={i * slot + (slot - barWidth) / 2} y={HEIGHT - PAD_BOTTOM - h} width={barWidth} height={h} className="fill-brand-700">
                <title>{`${dayLabel(d.day)}: ${formatPrice(d.revenue)} (${d.orders} order${d.orders === 1 ? "" : "s"})`}</title>
              </rect>
            );
          })}
          {first ? (
            <text x={2} y={HEIGHT - 5} fontSize={11} fill="#334155">
              {dayLabel(first.day)}
            </text>
          ) : null}
          {last ? (
            <text x={WIDTH - 2} y={HEIGHT - 5} fontSize={11} fill="#334155" textAnchor="end">
              {dayLabel(last.day)}
            </text>
          ) : null}
          <text x={2} y={PAD_TOP + 2} fontSize={11} fill="#334155" dominantBaseline="hanging">
            {`max ${formatPrice(max)}`}
          </text>
        </svg>
        <figcaption className="mt-1 text-sm text-slate-700">{summary}</figcaption>
      </figure>
      {/* The figures for screen readers, beside the chart: a figure holds the chart and its caption alone. */}
      <table className="sr-only">
        <caption>Revenue by day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Orders</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{dayLabel(d.day)}</th>
              <td>{d.orders}</td>
              <td>{formatPrice(d.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
