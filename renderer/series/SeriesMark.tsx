import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import type { OccurrenceView, SeriesView } from '../../shared/series/model.js';
import { useSeriesList } from './queries.js';
import './series.css';

/*
 * The mark a post of a recurring series carries in the calendar ("↺ 2/6"). The series are read
 * once per screen (SeriesProvider around the calendar) and each chip only looks its post up.
 */

export interface SeriesMember {
  series: SeriesView;
  occurrence: OccurrenceView;
  /** How many dates the series has, when it ends after a count. */
  of: number | null;
}

/** Members by the ids the calendar knows a post by: the service's id, or the outbox's local one. */
function indexMembers(series: readonly SeriesView[]): Map<string, SeriesMember> {
  const byId = new Map<string, SeriesMember>();
  for (const s of series) {
    const of = s.rule.end.kind === 'count' ? s.rule.end.count : null;
    for (const occurrence of s.occurrences) {
      const member = { series: s, occurrence, of };
      for (const id of occurrence.postIds) byId.set(id, member);
      // A date is one create: the calendar shows its accounts as `local:<outbox id>:<n>` until confirmed.
      if (occurrence.outboxId)
        s.accounts.forEach((_, n) => byId.set(`local:${occurrence.outboxId}:${n}`, member));
    }
  }
  return byId;
}

const SeriesContext = createContext<ReadonlyMap<string, SeriesMember>>(new Map());

export function SeriesProvider({ children }: { children: ReactNode }) {
  const query = useSeriesList();
  const members = useMemo(() => indexMembers(query.data?.series ?? []), [query.data]);
  return <SeriesContext.Provider value={members}>{children}</SeriesContext.Provider>;
}

export function useSeriesMember(post: Pick<CalendarPost, 'id'> | null): SeriesMember | null {
  const members = useContext(SeriesContext);
  return post ? (members.get(post.id) ?? null) : null;
}

/** "2 of 6" or "the 2nd". */
export function placeWords({ occurrence, of }: SeriesMember): string {
  return of === null ? `date ${occurrence.index}` : `${occurrence.index} of ${of}`;
}

export function SeriesMark({ post }: { post: Pick<CalendarPost, 'id'> }) {
  const member = useSeriesMember(post);
  if (!member) return null;
  const label = `Series ${placeWords(member)}: ${member.series.description}`;
  return (
    <span
      className="series-mark glyph"
      role="img"
      data-glyph={`↺ ${member.of === null ? member.occurrence.index : `${member.occurrence.index}/${member.of}`}`}
      title={label}
      aria-label={label}
    />
  );
}
