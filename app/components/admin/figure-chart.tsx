import { useId } from "react";
import { formatCount, formatMoney, LOCALE_TAGS } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import { textDirection, type Language } from "#domain/language";

export interface FigureChartProps {
  /** The figure's name, the chart's accessible name. */
  label: string;
  total: number;
  /** The weeks' Mondays, YYYY-MM-DD (UTC), oldest first. */
  weeks: string[];
  byWeek: number[];
  money: boolean;
}

const WIDTH = 360;
const HEIGHT = 156;
const PLOT_TOP = 18;
const PLOT_BOTTOM = 126;
const GAP = 6;

const weekFormats = new Map<Language, Intl.DateTimeFormat>();
/** "Nov 23": a week by its Monday, in the reader's language (the date is a UTC date). */
export function formatWeek(week: string, language: Language): string {
  let format = weekFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[language], { month: "short", day: "numeric", timeZone: "UTC" });
    weekFormats.set(language, format);
  }
  return format.format(new Date(`${week}T00:00:00Z`));
}

/**
 * One figure: its total, and a bar per week drawn as SVG on the server (no chart library, no script).
 * Time runs with the reading direction: oldest week at the start, so on the right in Arabic, where
 * the whole chart is mirrored. The chart is an image named by the figure, described by its latest
 * week; the same numbers are in a table under it for anyone who cannot see the bars.
 */
export function FigureChart({ label, total, weeks, byWeek, money }: FigureChartProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const rtl = textDirection(language) === "rtl";
  const id = useId();
  const format = (value: number) => (money ? formatMoney(value, language) : formatCount(value, language));
  const max = Math.max(0, ...byWeek);
  const slot = WIDTH / Math.max(1, byWeek.length);
  const barWidth = slot - GAP;
  const plotHeight = PLOT_BOTTOM - PLOT_TOP;
  const x = (index: number) => (rtl ? WIDTH - (index + 1) * slot : index * slot) + GAP / 2;
  const latest = byWeek.at(-1) ?? 0;
  const labelled = [0, Math.floor((weeks.length - 1) / 2), weeks.length - 1];
  const description = t("admin.overview.chartDescription", {
    weeks: formatCount(weeks.length, language),
    max: format(max),
    latest: format(latest),
  });

  return (
    <figure className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4" data-figure-chart={label}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="text-sm font-medium text-muted-foreground">{label}</span>
        <span className="text-2xl font-bold tabular-nums" data-total>
          {format(total)}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        // Positions and anchors below are computed for each direction; the SVG's own text direction
        // would flip the anchors a second time.
        direction="ltr"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="h-auto w-full text-primary"
      >
        <title id={`${id}-title`}>{t("admin.overview.chartTitle", { figure: label })}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <line
          x1={0}
          x2={WIDTH}
          y1={PLOT_BOTTOM + 0.5}
          y2={PLOT_BOTTOM + 0.5}
          className="stroke-muted-foreground"
          strokeWidth={1}
        />
        {byWeek.map((value, index) => {
          const height = max > 0 ? Math.max(value > 0 ? 2 : 0, (value / max) * plotHeight) : 0;
          return (
            <rect
              key={weeks[index]}
              x={x(index)}
              y={PLOT_BOTTOM - height}
              width={barWidth}
              height={height}
              rx={2}
              fill="currentColor"
              opacity={index === byWeek.length - 1 ? 0.7 : 1}
            >
              <title>{`${formatWeek(weeks[index]!, language)}: ${format(value)}`}</title>
            </rect>
          );
        })}
        <text
          x={rtl ? WIDTH : 0}
          y={13}
          textAnchor={rtl ? "end" : "start"}
          className="fill-muted-foreground"
          fontSize={13}
          aria-hidden="true"
        >
          {format(max)}
        </text>
        {labelled.map((index, order) => (
          <text
            key={`${order}-${index}`}
            x={x(index) + barWidth / 2}
            y={HEIGHT - 8}
            textAnchor={order === 0 ? (rtl ? "end" : "start") : order === 2 ? (rtl ? "start" : "end") : "middle"}
            dx={
              order === 0
                ? rtl
                  ? barWidth / 2
                  : -barWidth / 2
                : order === 2
                  ? rtl
                    ? -barWidth / 2
                    : barWidth / 2
                  : 0
            }
            className="fill-muted-foreground"
            fontSize={13}
            aria-hidden="true"
          >
            {formatWeek(weeks[index]!, language)}
          </text>
        ))}
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer rounded-md font-medium text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
          {t("admin.overview.showTable", { figure: label })}
        </summary>
        <table className="mt-2 w-full text-start">
          <caption className="sr-only">{t("admin.overview.tableCaption", { figure: label })}</caption>
          <thead>
            <tr className="border-b border-border text-muted-foreground">
              <th scope="col" className="py-1 text-start font-medium">
                {t("admin.overview.weekOf")}
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                {label}
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, index) => (
              <tr key={week} className="border-b border-border/60 last:border-0">
                <th scope="row" className="py-1 text-start font-normal">
                  <time dateTime={week}>{formatWeek(week, language)}</time>
                </th>
                <td className="py-1 text-end tabular-nums">{format(byWeek[index] ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
