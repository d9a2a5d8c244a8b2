import type { Generated, Selectable } from 'kysely';

/** A block shown on the pages of the site: which block, where, and in what order. */
export interface BlockInstanceTable {
  id: Generated<number>;
  blockname: string;
  /** The page region it sits in (side-pre: the block column beside the page). */
  defaultregion: string;
  defaultweight: Generated<number>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
}

declare module '../../db/schema' {
  interface DB {
    block_instances: BlockInstanceTable;
  }
}

export type BlockInstanceRow = Selectable<BlockInstanceTable>;
