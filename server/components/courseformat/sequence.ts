import type { Kysely, Selectable } from 'kysely';
import type { CourseSectionTable, DB } from '../../db/schema';
import { invalidParameter } from '../../platform/errors';

export type SectionRow = Selectable<CourseSectionTable>;

/** A section's `sequence`: comma-separated course-module ids in display order. */
export function parseSequence(sequence: string): number[] {
  return sequence
    .split(',')
    .filter((part) => part !== '')
    .map(Number);
}

/**
 * Serialises edits of one course's page: a no-op update takes the course row's lock until the call's
 * transaction ends, so two teachers moving modules at once cannot overwrite each other's sequences
 * (reads after it see the other's committed change).
 */
export async function lockCoursePage(db: Kysely<DB>, courseid: number): Promise<void> {
  await db.updateTable('course').set((eb) => ({ timemodified: eb.ref('timemodified') })).where('id', '=', courseid).execute();
}

export async function loadSections(db: Kysely<DB>, courseid: number): Promise<SectionRow[]> {
  return db.selectFrom('course_sections').selectAll().where('course', '=', courseid).orderBy('section').execute();
}

/** The listed rows, in the order of `ids`; any id that is not one of them is refused (nothing changes). */
export function pick<T extends { id: number }>(rows: readonly T[], ids: readonly number[], what: string): T[] {
  if (ids.length === 0) throw invalidParameter(`no ${what} ids given`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unique = [...new Set(ids)];
  return unique.map((id) => {
    const row = byId.get(id);
    if (!row) throw invalidParameter(`${what} ${id} is not in this course`);
    return row;
  });
}

/**
 * Gives the course's sections the numbers 0…n-1 in the given order. Changed rows first take
 * negative numbers so the (course, section) unique key never collides midway.
 */
export async function renumberSections(db: Kysely<DB>, sections: readonly SectionRow[], ordered: readonly SectionRow[]): Promise<void> {
  const before = new Map(sections.map((s) => [s.id, s.section]));
  const changed = ordered.map((s, index) => ({ id: s.id, section: index })).filter((s) => before.get(s.id) !== s.section);
  for (const s of changed) await db.updateTable('course_sections').set({ section: -1 - s.section }).where('id', '=', s.id).execute();
  for (const s of changed) await db.updateTable('course_sections').set({ section: s.section }).where('id', '=', s.id).execute();
}

export async function writeSequence(db: Kysely<DB>, sectionid: number, cmids: readonly number[], timemodified: number): Promise<void> {
  await db.updateTable('course_sections').set({ sequence: cmids.join(','), timemodified }).where('id', '=', sectionid).execute();
}
