import { sql } from 'kysely';
import type { z } from 'zod';
import type { inplaceEditableSchema } from '../../api/core';
import type { CallContext } from '../ws/method';

/** One item edited in place (a name, a flag, a choice), as a component's callback renders it. */
export interface InplaceElement {
  component: string;
  itemtype: string;
  itemid: string;
  /** Formatted HTML shown when not editing. */
  displayvalue: string;
  /** The raw value the editor starts from. */
  value: string;
  edithint: string;
  editlabel: string;
  type: 'text' | 'toggle' | 'select';
  /** text: ''; toggle: index of the next value; select: JSON list of {key, value}. */
  options: string;
  linkeverything: number;
  editable: boolean;
}

/**
 * Saves one value and answers the fresh item. The callback validates the item and its context, checks
 * the capabilities, and throws AppError to refuse.
 */
export type InplaceCallback = (ctx: CallContext, itemid: number, value: string) => Promise<InplaceElement>;
export type InplaceCallbacks = Record<string, InplaceCallback>; // by itemtype

/**
 * Reads an item's current raw value for the conflict check of a save that says what it started from
 * (core_update_inplace_editable's `oldvalue`), locking the item's row until the save's transaction
 * ends (see lockRow). Answers undefined when there is no such item; the callback then refuses it.
 */
export type InplaceCurrent = (ctx: CallContext, itemid: number) => Promise<string | undefined>;

/**
 * Locks a row until the transaction ends, so two saves of the same item run one after the other and
 * the second sees the first's value. PostgreSQL needs the lock; SQLite runs one write transaction
 * at a time anyway.
 */
export async function lockRow(ctx: CallContext, table: string, id: number): Promise<void> {
  if (ctx.platform.dialect !== 'postgres') return;
  await sql`select id from ${sql.table(table)} where id = ${id} for update`.execute(ctx.db);
}

/** What every kind of element has in common. */
export interface InplaceBase {
  component: string;
  itemtype: string;
  itemid: number | string;
  editable: boolean;
  displayvalue: string;
  edithint?: string;
  editlabel?: string;
}

/** Toggles, and display values without a link of their own, make the whole item the edit control. */
function linkEverything(type: InplaceElement['type'], displayvalue: string): number {
  return type === 'toggle' || !/<a[\s>]/i.test(displayvalue) ? 1 : 0;
}

function element(base: InplaceBase, type: InplaceElement['type'], value: string, options: string, editable = base.editable): InplaceElement {
  return {
    component: base.component,
    itemtype: base.itemtype,
    itemid: String(base.itemid),
    displayvalue: base.displayvalue,
    value,
    edithint: base.edithint ?? '',
    editlabel: base.editlabel ?? '',
    type,
    options,
    linkeverything: linkEverything(type, base.displayvalue),
    editable,
  };
}

/** A free-text value (a name). */
export function inplaceText(base: InplaceBase & { value: string }): InplaceElement {
  return element(base, 'text', base.value, '');
}

/**
 * A value stepping through an ordered list (default 0, 1) on each activation. `options` carries the
 * index of the value that comes next, wrapping round; a value not in the list steps to the first.
 */
export function inplaceToggle(base: InplaceBase & { value: string | number; values?: readonly (string | number)[] }): InplaceElement {
  const values = (base.values ?? [0, 1]).map(String);
  const at = values.indexOf(String(base.value));
  const next = values.length ? (at + 1) % values.length : 0;
  return element(base, 'toggle', String(base.value), String(next));
}

/**
 * One of a list of choices. Fewer than two choices leave nothing to choose, so the item is not
 * editable; the display value defaults to the current choice's label.
 */
export function inplaceSelect(
  base: Omit<InplaceBase, 'displayvalue'> & { displayvalue?: string; value: string | number; options: readonly { key: string | number; value: string }[] },
): InplaceElement {
  const value = String(base.value);
  const options = base.options.map((o) => ({ key: String(o.key), value: o.value }));
  const label = options.find((o) => o.key === value)?.value ?? '';
  const displayvalue = base.displayvalue ?? escapeHtml(label);
  return element({ ...base, displayvalue }, 'select', value, JSON.stringify(options), base.editable && options.length >= 2);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export type InplaceExport = z.input<typeof inplaceEditableSchema>;

/** The wire form: an item this user may not edit is only its display value. */
export function exportInplace(el: InplaceElement): InplaceExport {
  if (!el.editable) return { displayvalue: el.displayvalue };
  return {
    displayvalue: el.displayvalue,
    component: el.component,
    itemtype: el.itemtype,
    itemid: el.itemid,
    value: el.value,
    edithint: el.edithint,
    editlabel: el.editlabel,
    type: el.type,
    options: el.options,
    linkeverything: el.linkeverything,
  };
}

/** A callback answered something that is not an element (a coding error in the component). */
export function isInplaceElement(value: unknown): value is InplaceElement {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.displayvalue === 'string' &&
    typeof v.component === 'string' &&
    typeof v.itemtype === 'string' &&
    typeof v.itemid === 'string' &&
    typeof v.value === 'string' &&
    (v.type === 'text' || v.type === 'toggle' || v.type === 'select') &&
    typeof v.options === 'string' &&
    typeof v.editable === 'boolean'
  );
}
