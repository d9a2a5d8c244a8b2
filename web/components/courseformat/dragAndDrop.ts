import type { DragEvent } from 'react';

/** Drag and drop by pointer; the move buttons do the same by keyboard. */
const CM_TYPE = 'application/x-tessera-cm';
const SECTION_TYPE = 'application/x-tessera-section';

export type DragKind = 'cm' | 'section';

const typeOf = (kind: DragKind) => (kind === 'cm' ? CM_TYPE : SECTION_TYPE);

/** Props of a drag handle: dragging it carries the item's id, showing the whole item as the drag image. */
export function dragHandleProps(kind: DragKind, id: number) {
  return {
    draggable: true,
    onDragStart: (e: DragEvent<HTMLElement>) => {
      e.dataTransfer.setData(typeOf(kind), String(id));
      e.dataTransfer.effectAllowed = 'move';
      const item = e.currentTarget.closest('li');
      if (item) e.dataTransfer.setDragImage(item, 16, 16);
    },
  };
}

/** Props of a drop zone: what to do with each kind of item dropped on it, highlighted while one is over it. */
export function dropZoneProps(handlers: Partial<Record<DragKind, (id: number) => void>>) {
  const kindOf = (e: DragEvent<HTMLElement>): DragKind | undefined =>
    (Object.keys(handlers) as DragKind[]).find((kind) => e.dataTransfer.types.includes(typeOf(kind)));
  return {
    onDragOver: (e: DragEvent<HTMLElement>) => {
      if (!kindOf(e)) return;
      e.preventDefault();
      e.stopPropagation();
      e.dataTransfer.dropEffect = 'move';
      e.currentTarget.classList.add('is-drop-target');
    },
    onDragLeave: (e: DragEvent<HTMLElement>) => e.currentTarget.classList.remove('is-drop-target'),
    onDrop: (e: DragEvent<HTMLElement>) => {
      e.currentTarget.classList.remove('is-drop-target');
      const kind = kindOf(e);
      if (!kind) return;
      e.preventDefault();
      e.stopPropagation();
      const id = Number(e.dataTransfer.getData(typeOf(kind)));
      if (Number.isInteger(id) && id > 0) handlers[kind]?.(id);
    },
  };
}
